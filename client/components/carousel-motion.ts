import { Splide } from '@splidejs/splide'

/**
 * Brings a server-rendered carousel to life with Splide (loaded on demand): loops,
 * auto-advances, dot buttons (SPEC §4). Autoplay stops for good once the shopper touches,
 * clicks, types in or focuses it, pauses while the tab is hidden and resumes when visible.
 * Returns the cleanup.
 */
export function startCarousel(root: HTMLElement, interval: number): () => void {
  const splide = new Splide(root, {
    type: 'loop',
    // Splide's own autoplay runs a requestAnimationFrame loop for its progress bar, which
    // keeps the phone's main thread and compositor making a frame every 16 ms for as long
    // as the carousel plays. A timer moves it just as well, once per interval.
    autoplay: false,
    arrows: false,
    keyboard: 'focused',
    // Pictures after the first come with data-splide-lazy (Carousel.tsx's slidePicture).
    lazyLoad: 'nearby',
    classes: {
      pagination: 'splide__pagination absolute inset-x-0 bottom-0 flex justify-center gap-2',
      // No spinner: one would spin, restyling the page every frame, in each slide off
      // screen whose picture is not loaded yet.
      spinner: 'hidden',
      page: 'splide__pagination__page h-3 w-3 rounded-full bg-stone-300 transition [&.is-active]:w-7 [&.is-active]:bg-orange-600',
    },
  }).mount()

  // While it moves by itself, screen readers are not told of every slide (as Splide's
  // own autoplay does); once it stops, they are.
  const live = splide.Components.Live
  let timer: ReturnType<typeof setInterval> | undefined
  let stopped = false
  const pause = () => {
    clearInterval(timer)
    timer = undefined
    live.disable(false)
  }
  const play = () => {
    if (stopped || timer !== undefined || document.hidden) return
    timer = setInterval(() => splide.go('>'), interval)
    live.disable(true)
  }
  const stop = () => {
    stopped = true
    pause()
  }
  const onVisibility = () => (document.hidden ? pause() : play())
  const events = ['pointerdown', 'focusin', 'keydown', 'wheel'] as const
  for (const type of events) root.addEventListener(type, stop)
  splide.on('drag', stop)
  document.addEventListener('visibilitychange', onVisibility)
  play()
  return () => {
    stop()
    for (const type of events) root.removeEventListener(type, stop)
    document.removeEventListener('visibilitychange', onVisibility)
    splide.destroy()
  }
}
