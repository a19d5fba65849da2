import type { Splide } from '@splidejs/splide'

/**
 * Moves a mounted carousel on by one slide every `interval` ms, and at once when its first
 * move was already `due` before it mounted. It stops for good once the shopper touches,
 * clicks, drags, types in or focuses it, pauses while the tab is hidden and resumes when it
 * is visible again. It never moves by itself for a shopper who asks for less motion, from
 * the start or from any moment on, however and whenever it mounted (prefers-reduced-motion;
 * Splide itself then slides without animating, its `reducedMotion` default), nor once
 * `touched` (the shopper reached for it before it mounted). This is the one place a carousel
 * moves by itself. Returns the cleanup.
 */
export function advanceEvery(
  splide: Splide,
  interval: number,
  { touched, due }: { touched: boolean; due: boolean },
): () => void {
  const root = splide.root
  // While it moves by itself, screen readers are not told of every slide (as Splide's own
  // autoplay does); once it stops, they are.
  const live = splide.Components.Live
  let timer: ReturnType<typeof setInterval> | undefined
  const lessMotion = matchMedia('(prefers-reduced-motion: reduce)')
  let stopped = touched || lessMotion.matches
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
  // Asked for during the visit (a setting changed, a power saver on): from then on too.
  const onMotionPreference = () => lessMotion.matches && stop()
  const events = ['pointerdown', 'focusin', 'keydown', 'wheel'] as const
  for (const type of events) root.addEventListener(type, stop)
  splide.on('drag', stop)
  document.addEventListener('visibilitychange', onVisibility)
  lessMotion.addEventListener('change', onMotionPreference)
  if (due && !stopped) splide.go('>')
  play()
  return () => {
    stop()
    for (const type of events) root.removeEventListener(type, stop)
    document.removeEventListener('visibilitychange', onVisibility)
    lessMotion.removeEventListener('change', onMotionPreference)
  }
}
