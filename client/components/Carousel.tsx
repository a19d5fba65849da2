import '@splidejs/splide/css/core'
import { lazy, Suspense, type ReactNode } from 'react'

export type CarouselProps = { label: string; interval: number; children: ReactNode; className?: string }

// Room at the bottom for the dots, so nothing moves when Splide adds them.
export const CAROUSEL_CLASS = 'splide is-rendered relative pb-7'

// Splide is not needed to paint the first slide: it loads after the page, and until it
// has, the same markup stands still.
const SplideCarousel = lazy(() => import('./SplideCarousel'))

/** A looping, auto-advancing carousel with dot buttons; see SplideCarousel. */
export function Carousel(props: CarouselProps) {
  return (
    <Suspense fallback={<StillCarousel {...props} />}>
      <SplideCarousel {...props} />
    </Suspense>
  )
}

function StillCarousel({ label, children, className = '' }: CarouselProps) {
  return (
    <div className={`${CAROUSEL_CLASS} ${className}`} aria-label={label} role="region">
      <div className="splide__track rounded-3xl">
        <div className="splide__list">{children}</div>
      </div>
    </div>
  )
}

export function Slide({ children }: { children: ReactNode }) {
  return <div className="splide__slide w-full">{children}</div>
}
