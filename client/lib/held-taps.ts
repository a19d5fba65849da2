// The app's side of the buy taps the page's starter script held before the app was live
// (src/render/start-app.ts): each is replayed once a buy button is live, and a tap on a
// button that is still waiting for its code goes straight to the replay.

type HeldTaps = { held: (string | null)[]; replay: ((then: string | null) => void) | null }

declare global {
  interface Window {
    __heldTaps?: HeldTaps
  }
}

/**
 * Makes `button` live (the starter stops holding its taps), replays every tap held so far
 * with `replay`, and has taps on buttons not yet live replayed the same way. The returned
 * function undoes the last part, for a button that unmounts.
 */
export function replayHeldTaps(button: HTMLButtonElement, replay: (then: string | null) => void): () => void {
  button.setAttribute('data-live', '')
  const taps = window.__heldTaps
  if (!taps) return () => {}
  taps.replay = replay
  for (const then of taps.held.splice(0)) replay(then)
  return () => {
    if (taps.replay === replay) taps.replay = null
  }
}
