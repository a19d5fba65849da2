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
    autoplay: true,
    interval,
    pauseOnHover: false,
    pauseOnFocus: false,
    resetProgress: false,
    arrows: false,
    keyboard: 'focused',
    classes: {
      pagination: 'splide__pagination absolute inset-x-0 bottom-0 flex justify-center gap-2',
      page: 'splide__pagination__page h-3 w-3 rounded-full bg-stone-300 transition [&.is-active]:w-7 [&.is-active]:bg-orange-600',
    },
  }).mount()

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
  const events = ['pointerdown', 'focusin', 'keydown', 'wheel'] as const
  for (const type of events) root.addEventListener(type, stop)
  splide.on('drag', stop)
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    for (const type of events) root.removeEventListener(type, stop)
    document.removeEventListener('visibilitychange', onVisibility)
    splide.destroy()
  }
}
