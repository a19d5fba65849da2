import { Splide, type Options } from '@splidejs/react-splide'
import type { Splide as SplideCore } from '@splidejs/splide'
import { Children, useRef, type ReactNode } from 'react'
import type { CarouselImage } from '../../content/product.ts'
import { placeholder } from '../picture-attributes.ts'
import { ShopPhoto } from '../ShopPhoto.tsx'
import { advanceEvery } from './motion.ts'
import type { CarouselName } from './names.ts'
import { ServerDots } from './ServerDots.tsx'
import { PAGE_CLASS, PAGINATION_CLASS, SELECT_LABEL, SLIDE_LABEL, SLIDE_OF, slideId } from './splide-markup.ts'
import type { Wake } from './wake.ts'

type CarouselProps = { carousel: CarouselName; label: string; children: ReactNode; className?: string }

/**
 * A looping, auto-advancing carousel with dot buttons, drawn by Splide's React binding.
 * The server renders the markup Splide mounts on, as Splide leaves it (slides are tab panels
 * named '1 of 5', dots are tabs that control them), with the first slide showing, so the
 * first picture (the phone's largest) is never replaced, and with the dots, which take taps
 * from the first paint. Splide mounts when the section holding the carousel hydrates, which
 * `loadCarousel` (load.ts) holds back until the carousel's first move is due or the
 * shopper reaches for it: until then Splide's code is neither fetched nor run, and a tap on
 * a dot is held and replayed here.
 *
 * The slides are <div>s: as <li>s, Splide's role for them (tabpanel) is not allowed (axe:
 * aria-allowed-role), and without it its dots, tabs, control nothing (the Nu Html Checker).
 */
export function Carousel({ carousel, label, children, className = '' }: CarouselProps) {
  const slides = Children.toArray(children)
  const wake = useRef<Wake>({ due: false, touched: false })
  const stop = useRef(() => {})
  // Once mounted, Splide carries out what the shopper did before (wake.ts), and the
  // carousel moves on by itself.
  const mounted = (splide: SplideCore) => {
    const { dot, due, touched, focusedDot } = wake.current
    stop.current = advanceEvery(splide, carousel.interval, { touched, due })
    if (dot !== undefined) splide.go(dot)
    if (focusedDot !== undefined) splide.Components.Pagination.getAt(focusedDot)?.button.focus()
  }
  return (
    // A <section> with a name is a region: Splide gives it no role of its own. Room at the
    // bottom for the dots, so nothing moves when Splide adds them. `is-rendered` tells
    // Splide's stylesheet the markup is already drawn: without it the carousel, and with it
    // the phone's largest picture, stays hidden until Splide mounts. `is-overflow` (more
    // slides than fit, as Splide finds when it mounts) lets its stylesheet show the dots.
    <Splide
      tag="section"
      id={carousel.id}
      hasTrack={false}
      options={OPTIONS}
      onMounted={mounted}
      onDestroy={() => stop.current()}
      aria-label={label}
      className={`is-rendered is-overflow relative pb-8 ${className}`}
    >
      <div className="splide__track rounded-3xl">
        <div className="splide__list">
          {slides.map((slide, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered: the index is the slide
              key={i}
              id={slideId(carousel.id, i)}
              className="splide__slide w-full"
              role="tabpanel"
              aria-roledescription="slide"
              aria-label={SLIDE_OF.replace('%s', String(i + 1)).replace('%s', String(slides.length))}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      <ServerDots carousel={carousel.id} count={slides.length} handOver={(taken) => (wake.current = taken)} />
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
  i18n: { slideX: SLIDE_LABEL, select: SELECT_LABEL, slideLabel: SLIDE_OF },
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
 * hidden lazy one. Until then the <img> offers a transparent pixel (an <img> must name a
 * source, and `sizes` needs a `srcset`), which costs no request, over its placeholder colour.
 */
const NOTHING_YET = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7 1w'
export function SlidePhoto({
  image,
  index,
  sizes,
  priority,
  lazy,
  className,
}: {
  image: CarouselImage
  index: number
  sizes: string
  priority?: boolean
  lazy?: boolean
  className: string
}) {
  const { photo, alt } = image
  if (index === 0)
    return <ShopPhoto photo={photo} alt={alt} sizes={sizes} priority={priority} lazy={lazy} className={className} />
  return (
    <img
      data-splide-lazy={photo.src}
      data-splide-lazy-srcset={photo.srcSet.webp}
      srcSet={NOTHING_YET}
      sizes={sizes}
      alt={alt}
      width={photo.width}
      height={photo.height}
      style={placeholder(photo.color)}
      className={className}
    />
  )
}
