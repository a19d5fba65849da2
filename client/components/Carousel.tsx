import { useEffect, useRef, type ReactNode } from 'react'

type CarouselProps = { label: string; interval: number; children: ReactNode; className?: string }

/**
 * A looping, auto-advancing carousel with dot buttons. The server renders Splide's markup
 * with the first slide showing; Splide itself is fetched and mounted onto that same markup
 * only once the carousel is (nearly) on screen, so a carousel below the fold or hidden at
 * this screen size costs the phone nothing, and the first picture is never replaced.
 *
 * Slides are <div>s rather than Splide's <li>s: Splide gives slides role="tabpanel", which
 * is not allowed on a list item.
 */
export function Carousel({ label, interval, children, className = '' }: CarouselProps) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const root = ref.current
    if (!root) return
    let stop: (() => void) | undefined
    let cancelled = false
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return
        observer.disconnect()
        // Splide's code is evaluated in one task and mounted in another, both once the
        // browser is idle, so neither adds to the work of hydrating the page.
        whenIdle(() =>
          import('./carousel-motion').then(({ startCarousel }) =>
            whenIdle(() => {
              if (!cancelled) stop = startCarousel(root, interval)
            }),
          ),
        )
      },
      { rootMargin: '200px' },
    )
    observer.observe(root)
    return () => {
      cancelled = true
      observer.disconnect()
      stop?.()
    }
  }, [interval])

  return (
    // Room at the bottom for the dots, so nothing moves when Splide adds them.
    <div ref={ref} className={`splide is-rendered relative pb-7 ${className}`} aria-label={label} role="region">
      <div className="splide__track rounded-3xl">
        <div className="splide__list">{children}</div>
      </div>
    </div>
  )
}

/** Runs `task` when the main thread is idle (within a second at most); Safari lacks requestIdleCallback. */
function whenIdle(task: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(task, { timeout: 1000 })
  else setTimeout(task, 1)
}

/**
 * The attributes that say where a slide's picture comes from. Only the first slide's
 * picture is in the HTML: the others are off screen until the carousel moves, so Splide
 * fetches each as it comes next (lazyLoad: 'nearby' in carousel-motion.ts). On a phone the
 * first picture, often the page's largest, then does not share the connection with four it
 * cannot show yet, nor the main thread with decoding them. Those pictures must not be
 * loading="lazy": Splide hides a picture until it has loaded, and a browser never loads a
 * hidden lazy one.
 */
export function slidePicture(src: string, index: number) {
  return index === 0 ? { src } : { 'data-splide-lazy': src }
}

export function Slide({ children }: { children: ReactNode }) {
  return <div className="splide__slide w-full">{children}</div>
}
