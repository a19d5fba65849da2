import { takeHeldTaps } from '../../lib/held-taps.ts'
import { dotOf, DOT_INDEX, showDot } from './dots.ts'
import type { CarouselName } from './names.ts'
import { fetchNextPictureWhenIdle } from './next-picture.ts'

/** What happened to a carousel before Splide mounted on it, for Carousel.tsx to carry out. */
export type Wake = {
  /** Its first move was due: move on at once. */
  due: boolean
  /** The shopper touched, clicked, focused or typed in it: it must not move by itself. */
  touched: boolean
  /** The dot the shopper tapped, to show that slide. */
  dot?: number
  /** The dot that has the keyboard's focus, to give it to Splide's own dot. */
  focusedDot?: number
}

/** A wake still being written: with the dot a pointer is pressed on now, if any. */
type Waking = Wake & { pressedDot?: number; stop: () => void }
const wakes = new Map<string, Waking>()
const NOT_WOKEN: Wake = { due: false, touched: false }

/**
 * Resolves when the server-drawn carousel should come alive (its code fetched, Splide
 * mounted): when its first move is due, `interval` ms after it comes on screen while the
 * page is visible (never for a shopper who asks for less motion), or at the shopper's first
 * touch, click, focus or key in it, whichever comes first. Until then Splide's work sits in
 * front of nothing: the picture is the server's and the dots are the server's (a tap on one
 * is held by the page's starter script until this runs, then here), for `takeWake` to
 * replay. A carousel off screen, or hidden at this screen size, never comes alive. On the
 * server, or when the element is not in the page (React draws the section afresh), it
 * resolves at once.
 */
export function carouselWanted({ id, interval }: CarouselName): Promise<void> {
  const root = typeof document === 'undefined' ? null : document.getElementById(id)
  if (!root) return Promise.resolve()
  return new Promise((resolve) => {
    const wake: Waking = { due: false, touched: false, stop: () => {} }
    let timer: ReturnType<typeof setTimeout> | undefined
    const wakeUp = () => {
      clearTimeout(timer)
      observer.disconnect()
      document.removeEventListener('visibilitychange', onVisibility)
      resolve()
    }
    const onTouch = (event: Event) => {
      if (!(event.target instanceof Node) || !root.contains(event.target)) return
      wake.touched = true
      if (event.type === 'pointerdown') wake.pressedDot = dotOf(event.target)
      if (event.type === 'pointerup' || event.type === 'pointercancel') wake.pressedDot = undefined
      if (event.type === 'click') {
        const dot = dotOf(event.target)
        if (dot !== undefined) {
          wake.dot = dot
          showDot(root, dot)
        }
      }
      if (event.type === 'focusin') wake.focusedDot = dotOf(event.target)
      wakeUp()
    }
    const onBlur = (event: Event) => {
      if (event.target instanceof Node && root.contains(event.target)) wake.focusedDot = undefined
    }
    const startClock = () => {
      if (timer !== undefined || document.hidden || matchMedia('(prefers-reduced-motion: reduce)').matches) return
      timer = setTimeout(() => {
        wake.due = true
        wakeUp()
      }, interval)
    }
    const onVisibility = () => {
      if (!document.hidden) return startClock()
      clearTimeout(timer)
      timer = undefined
    }
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return
      observer.disconnect()
      document.addEventListener('visibilitychange', onVisibility)
      startClock()
      fetchNextPictureWhenIdle(root)
    })
    observer.observe(root)
    // On the document, capturing: React stops a tap on a section it has not hydrated at its
    // own root, before the carousel would see it. The click is taken until Splide mounts (it
    // comes after the pointerdown that woke the carousel, unless Splide mounts first: see
    // takeWake).
    const events = ['pointerdown', 'pointerup', 'pointercancel', 'click', 'focusin', 'keydown', 'wheel'] as const
    for (const type of events) document.addEventListener(type, onTouch, true)
    document.addEventListener('focusout', onBlur, true)
    wake.stop = () => {
      for (const type of events) document.removeEventListener(type, onTouch, true)
      document.removeEventListener('focusout', onBlur, true)
    }
    wakes.set(id, wake)
    // From now on a tap on a dot is taken here rather than by the page's starter script; one
    // it held before (the dots take taps from the first paint) wakes the carousel now.
    for (const dot of root.querySelectorAll(`[${DOT_INDEX}]`)) dot.setAttribute('data-live', '')
    const held = takeHeldTaps(root).at(-1)
    if (held) {
      wake.touched = true
      const dot = dotOf(held)
      if (dot !== undefined) {
        wake.dot = dot
        showDot(root, dot)
      }
      wakeUp()
    }
  })
}

/**
 * What happened to the carousel before Splide mounted; from now on Splide takes the taps.
 * A dot pressed and not yet let go counts as tapped: a finger rests on the glass long
 * enough for Splide, its code on the way, to replace the dot under it, and then no click
 * comes (WebKit sends none; Chromium and Firefox none that reaches a dot).
 */
export function takeWake(id: string): Wake {
  const wake = wakes.get(id)
  if (!wake) return NOT_WOKEN
  wakes.delete(id)
  wake.stop()
  wake.dot ??= wake.pressedDot
  return wake
}
