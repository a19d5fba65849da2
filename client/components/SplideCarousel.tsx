import { Splide } from '@splidejs/react-splide'
import { useEffect, useRef } from 'react'
import { CAROUSEL_CLASS, type CarouselProps } from './Carousel'

/**
 * A looping, auto-advancing Splide carousel with dot buttons (SPEC §4 'Carousels'):
 * autoplay stops for good once the shopper touches, clicks, types in or focuses it, pauses
 * while the tab is hidden and resumes when it is visible again.
 *
 * Slides are <div>s in a track we render ourselves (`hasTrack={false}`): Splide gives
 * slides role="tabpanel", which is not allowed on the <li>s of its own track.
 */
export default function SplideCarousel({ label, interval, children, className = '' }: CarouselProps) {
  const ref = useRef<Splide>(null)

  useEffect(() => {
    const splide = ref.current?.splide
    if (!splide) return
    const autoplay = splide.Components.Autoplay
    let stopped = false
    const stop = () => {
      stopped = true
      autoplay.pause()
    }
    const onVisibility = () => {
      if (document.hidden) autoplay.pause()
      else if (!stopped) autoplay.play()
    }
    const root = splide.root
    const events = ['pointerdown', 'focusin', 'keydown', 'wheel'] as const
    for (const type of events) root.addEventListener(type, stop)
    splide.on('drag', stop)
    document.addEventListener('visibilitychange', onVisibility)
    return () => {
      for (const type of events) root.removeEventListener(type, stop)
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [])

  return (
    <Splide
      ref={ref}
      hasTrack={false}
      aria-label={label}
      role="region"
      className={`${CAROUSEL_CLASS} ${className}`}
      options={{
        type: 'loop',
        autoplay: true,
        interval,
        pauseOnHover: false,
        pauseOnFocus: false,
        resetProgress: false,
        arrows: false,
        keyboard: 'focused',
        classes: {
          pagination: 'splide__pagination absolute inset-x-0 bottom-0 flex justify-center gap-2',
          page: 'splide__pagination__page h-3 w-3 rounded-full bg-stone-300 transition [&.is-active]:w-7 [&.is-active]:bg-orange-700',
        },
      }}
    >
      <div className="splide__track rounded-3xl">
        <div className="splide__list">{children}</div>
      </div>
    </Splide>
  )
}
