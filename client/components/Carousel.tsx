import { Splide, SplideSlide, SplideTrack, type Options } from '@splidejs/react-splide'
import type { ReactNode } from 'react'
import type { CarouselImage } from '../content/product'
import { advanceEvery } from './carousel-motion'
import { placeholder } from './picture-attributes'
import { ShopPhoto } from './ShopPhoto'

type CarouselProps = { id: string; label: string; interval: number; children: ReactNode; className?: string }

/**
 * A looping, auto-advancing carousel with dot buttons, drawn by Splide's React binding.
 * The server renders the same `Splide` markup the browser mounts on, with the first slide
 * showing, so the first picture (the phone's largest) is never replaced. Splide mounts when
 * the section holding the carousel hydrates, which `nearScreen` holds back until the
 * carousel is (nearly) on screen: one below the fold, or hidden at this screen size, costs
 * the phone nothing.
 */
export function Carousel({ id, label, interval, children, className = '' }: CarouselProps) {
  return (
    // Room at the bottom for the dots, so nothing moves when Splide adds them. `is-rendered`
    // tells Splide's stylesheet the markup is already drawn: without it the carousel, and
    // with it the phone's largest picture, stays hidden until Splide mounts.
    <Splide
      id={id}
      hasTrack={false}
      options={OPTIONS}
      aria-label={label}
      className={`is-rendered relative pb-8 ${className}`}
      onMounted={(splide) => splide.on('destroy', advanceEvery(splide, interval))}
    >
      <SplideTrack className="rounded-3xl">{children}</SplideTrack>
    </Splide>
  )
}

const OPTIONS: Options = {
  type: 'loop',
  // Splide's own autoplay runs a requestAnimationFrame loop for its progress bar, which
  // keeps the phone's main thread and compositor making a frame every 16 ms for as long as
  // the carousel plays. advanceEvery moves it with a timer, once per interval.
  autoplay: false,
  arrows: false,
  keyboard: 'focused',
  // Splide gives each slide role="tabpanel" (or "group"), which an <li> may not have
  // (axe: aria-allowed-role). As a navigation carousel without focusable slides it gives
  // them no role, and its dots still name the slide they show.
  isNavigation: true,
  slideFocus: false,
  i18n: { slideX: 'Picture %s' },
  // Pictures after the first come with data-splide-lazy (slidePicture below).
  lazyLoad: 'nearby',
  classes: {
    pagination: 'splide__pagination absolute inset-x-0 bottom-0 flex justify-center',
    // No spinner: one would spin, restyling the page every frame, in each slide off
    // screen whose picture is not loaded yet.
    spinner: 'hidden',
    // A 24 × 24 px tap target (WCAG 2.2, 2.5.8) around a 12 px dot: the padding is part of
    // the button, the background only fills its content box.
    page: 'splide__pagination__page h-6 w-6 rounded-full bg-clip-content p-1.5 bg-stone-300 transition [&.is-active]:w-10 [&.is-active]:bg-orange-600',
  },
}

/**
 * A slide's photograph. Only the first slide's is in the HTML (as ShopPhoto, WebP with a
 * JPEG fallback): the others are off screen until the carousel moves, so Splide fetches each
 * as it comes next (lazyLoad: 'nearby'). On a phone the first picture, often the page's
 * largest, then does not share the connection with four it cannot show yet, nor the main
 * thread with decoding them. Splide sets only an <img>'s own src and srcset, so those are
 * WebP alone: Splide runs only in a browser new enough to take WebP. They must not be
 * loading="lazy": Splide hides a picture until it has loaded, and a browser never loads a
 * hidden lazy one.
 */
export function SlidePhoto({ image, index, sizes, priority, lazy, className }: { image: CarouselImage; index: number; sizes: string; priority?: boolean; lazy?: boolean; className: string }) {
  const { photo, alt } = image
  if (index === 0) return <ShopPhoto photo={photo} alt={alt} sizes={sizes} priority={priority} lazy={lazy} className={className} />
  return (
    <img
      data-splide-lazy={photo.src}
      data-splide-lazy-srcset={photo.srcSet.webp}
      sizes={sizes}
      alt={alt}
      width={photo.width}
      height={photo.height}
      style={placeholder(photo.color)}
      className={className}
    />
  )
}

export function Slide({ children }: { children: ReactNode }) {
  return <SplideSlide className="w-full">{children}</SplideSlide>
}
