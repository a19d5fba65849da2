import { useEffect, useEffectEvent, useRef } from 'react'
import type { HeldTaps } from '../starter/protocol.ts'

// The app's side of the taps the page's starter held before a control was live
// (client/starter/starter.ts; the object both share: client/starter/protocol.ts). This module
// is the only code that takes taps off the starter's list. A control that can be tapped
// before the app is live carries `data-hold` with the name of what a tap on it does
// ('buy:toast', 'cart', 'hero-gallery:3'); once the app has a way to do that, every tap held
// under that name is run, and a tap on a control of the same name that is not live yet is
// run at once.

const runs = new Map<string | null, () => void>()

/** Runs a held tap if the app can: it says it heard the tap, so the control stops saying so. */
function take(control: HTMLElement): boolean {
  const run = runs.get(control.getAttribute('data-hold'))
  if (!run) return false
  control.removeAttribute('aria-busy')
  run()
  return true
}

/** The starter's list, with the taps for which `taken` is true taken off it. */
function takeOff(taps: HeldTaps, taken: (control: HTMLElement) => boolean) {
  taps.held = taps.held.filter((control) => !taken(control))
}

/**
 * Makes `control` live (the starter stops holding its taps) and runs every tap held so far
 * under its `data-hold` name with `run`, as later ones on its namesakes (the last one mounted
 * answers for all). The returned function undoes the last part, for a control that unmounts.
 */
export function goLive(control: HTMLElement, run: () => void): () => void {
  const name = control.getAttribute('data-hold')
  control.setAttribute('data-live', '')
  runs.set(name, run)
  const taps = window.__heldTaps
  if (taps) {
    taps.take = take
    takeOff(taps, take)
  }
  return () => {
    if (runs.get(name) === run) runs.delete(name)
  }
}

/**
 * For a control rendered by React: goes live once mounted, running held taps with `run`
 * (the latest `run` given). Put `data-hold` with the control's name on the same element.
 */
export function useHeldTaps<T extends HTMLElement>(run: () => void) {
  const ref = useRef<T>(null)
  const onTap = useEffectEvent(run)
  useEffect(() => goLive(ref.current!, () => onTap()), [])
  return ref
}

/**
 * Takes the taps held on controls `within` off the starter's list, each told it was heard,
 * for code that carries them out itself (a carousel waking on the dot tapped), oldest first.
 */
export function takeHeldTaps(within: Element): HTMLElement[] {
  const taps = window.__heldTaps
  if (!taps) return []
  const mine: HTMLElement[] = []
  takeOff(taps, (control) => within.contains(control) && mine.push(control) > 0)
  for (const control of mine) control.removeAttribute('aria-busy')
  return mine
}

/** The app's code did not come: the starter lets go of every held tap (a held buy tap buys through the form). */
export const failStart = () => window.__heldTaps?.fail()
