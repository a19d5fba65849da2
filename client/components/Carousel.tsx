import { Splide, SplideSlide, SplideTrack, type Options } from '@splidejs/react-splide'
import type { Splide as SplideCore } from '@splidejs/splide'
import { Children, type ReactNode } from 'react'
import type { CarouselImage } from '../content/product'
import { advanceEvery } from './carousel-motion'
import { DOT_INDEX, DOTS_LIVE, takeWake, type CarouselName, type Wake } from './carousel-wake'
import { placeholder } from './picture-attributes'
import { ShopPhoto } from './ShopPhoto'

type CarouselProps = { carousel: CarouselName; label: string; children: ReactNode; className?: string }

/**
 * A looping, auto-advancing carousel with dot buttons, drawn by Splide's React binding.
 * The server renders the same `Splide` markup the browser mounts on, with the first slide
 * showing, so the first picture (the phone's largest) is never replaced, and with the dots,
 * which show once the browser takes their taps. Splide mounts when the section holding the
 * carousel hydrates, which `carouselWanted` (carousel-wake.ts) holds back until the carousel's
 * first move is due or the shopper reaches for it: until then Splide's code is neither
 * fetched nor run, and a tap on a dot is held and replayed here.
 */
export function Carousel({ carousel, label, children, className = '' }: CarouselProps) {
  return (
    // Room at the bottom for the dots, so nothing moves when Splide adds them. `is-rendered`
    // tells Splide's stylesheet the markup is already drawn: without it the carousel, and
    // with it the phone's largest picture, stays hidden until Splide mounts. `is-overflow`
    // (more slides than fit, as Splide finds when it mounts) lets its stylesheet show the dots.
    <Splide
      id={carousel.id}
      hasTrack={false}
      options={OPTIONS}
      extensions={{ Handover: handover(carousel.interval) }}
      aria-label={label}
      className={`is-rendered is-overflow relative pb-8 ${className}`}
    >
      <SplideTrack className="rounded-3xl">{children}</SplideTrack>
      <ServerDots count={Children.count(children)} />
    </Splide>
  )
}

/**
 * Splide's dots as Splide draws them (its pagination's classes, roles and labels), for the
 * time before it mounts. Hidden until the browser takes their taps (DOTS_LIVE on the root),
 * so that with JavaScript off no button does nothing. Splide draws its own into the same
 * list when it mounts, after `handover` has cleared these.
 */
function ServerDots({ count }: { count: number }) {
  return (
    <ul className={`${PAGINATION_CLASS} ${HIDDEN_UNTIL_LIVE}`} role="tablist" aria-label={SELECT_LABEL}>
      {Array.from({ length: count }, (_, i) => (
        <li key={i} role="presentation">
          <button
            type="button"
            role="tab"
            className={`${PAGE_CLASS}${i === 0 ? ' is-active' : ''}`}
            aria-label={SLIDE_LABEL.replace('%s', String(i + 1))}
            aria-selected={i === 0 ? true : undefined}
            tabIndex={i === 0 ? undefined : -1}
            {...{ [DOT_INDEX]: i }}
          />
        </li>
      ))}
    </ul>
  )
}

/**
 * A Splide extension that takes the carousel over from the server. Before Splide draws its
 * dots, it clears the server's (Splide appends its own to the same list) and takes what the
 * shopper did before it mounted (carousel-wake.ts), while the server's dots are still there
 * to take it from; once mounted, it carries that out and moves the carousel on by itself.
 */
function handover(interval: number) {
  return function Handover(splide: SplideCore) {
    let wake: Wake
    let stop = () => {}
    return {
      setup() {
        wake = takeWake(splide.root.id)
        splide.root.querySelector(`.${PAGINATION_ROOT}`)?.replaceChildren()
      },
      mount() {
        splide.on('mounted', () => {
          splide.root.setAttribute(DOTS_LIVE, '')
          stop = advanceEvery(splide, interval, wake.touched)
          if (wake.dot !== undefined) splide.go(wake.dot)
          else if (wake.due) splide.go('>')
          if (wake.focusedDot !== undefined) splide.Components.Pagination.getAt(wake.focusedDot)?.button.focus()
        })
      },
      destroy: () => stop(),
    }
  }
}

const PAGINATION_ROOT = 'splide__pagination'
const PAGINATION_CLASS = `${PAGINATION_ROOT} absolute inset-x-0 bottom-0 flex justify-center`
// A 24 × 24 px tap target (WCAG 2.2, 2.5.8) around a 12 px dot: the padding is part of
// the button, the background only fills its content box.
const PAGE_CLASS = 'splide__pagination__page h-6 w-6 rounded-full bg-clip-content p-1.5 bg-stone-300 transition [&.is-active]:w-10 [&.is-active]:bg-orange-600'
// Written out whole for UnoCSS, which reads class names from the source: `[data-dots-live]` is DOTS_LIVE.
const HIDDEN_UNTIL_LIVE = 'invisible [[data-dots-live]_&]:visible'
const SLIDE_LABEL = 'Picture %s'
const SELECT_LABEL = 'Select a slide to show'

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
  i18n: { slideX: SLIDE_LABEL, select: SELECT_LABEL },
  // Pictures after the first come with data-splide-lazy (slidePicture below).
  lazyLoad: 'nearby',
  classes: {
    pagination: PAGINATION_CLASS,
    // No spinner: one would spin, restyling the page every frame, in each slide off
    // screen whose picture is not loaded yet.
    spinner: 'hidden',
    page: PAGE_CLASS,
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
