import { useEffect, useEffectEvent, useRef } from 'react'

// The app's side of the taps the page's starter script held before a control was live
// (src/render/start-app.ts). A control that can be tapped before the app is live carries
// `data-hold` with the name of what a tap on it does ('buy:toast', 'cart', 'hero-gallery:3');
// once the app has a way to do that, every tap held under that name is run, and a tap on a
// control of the same name that is not live yet is run at once.

export type HeldTaps = {
  held: HTMLElement[]
  take: ((control: HTMLElement) => boolean) | null
  /** The app's code cannot load: let go of every held tap (a held buy tap goes to the form). */
  fail: () => void
  /** Reloads the page for code it could not fetch, when nothing would be lost; true if it does. */
  reload: () => boolean
}

declare global {
  interface Window {
    __heldTaps?: HeldTaps
  }
}

const runs = new Map<string | null, () => void>()

/** Runs a held tap if the app can: it says it heard the tap, so the control stops saying so. */
function take(control: HTMLElement): boolean {
  const run = runs.get(control.getAttribute('data-hold'))
  if (!run) return false
  control.removeAttribute('aria-busy')
  run()
  return true
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
    taps.held = taps.held.filter((held) => !take(held))
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
