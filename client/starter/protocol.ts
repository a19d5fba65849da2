// What the page's starter (starter.ts, inlined into every page) and the app share: one object
// on `window`. The starter makes it and adds taps to `held`; the app (client/lib/held-taps.ts)
// is the only code that takes them off. Both sides are type-checked against this one type.

export type HeldTaps = {
  /** Controls tapped before the app made them live, oldest first; each shows `aria-busy`. */
  held: HTMLElement[]
  /** The app's way to run a tap at once, once it has one; null until then. */
  take: ((control: HTMLElement) => boolean) | null
  /** The app's code cannot load: let go of every held tap (a held buy tap goes to the form). */
  fail: () => void
  /**
   * Reloads the page for code it could not fetch, once the server says this version is gone
   * and nothing would be lost; resolves true if it reloads.
   */
  reload: () => Promise<boolean>
}

declare global {
  interface Window {
    __heldTaps?: HeldTaps
  }
}

/** Where a tab notes when it last reloaded for code it could not fetch. */
export const RELOADED_AT = 'shop:reloaded-for-code'
/** Once per tab in this long, so code that never comes cannot reload the page in a loop. */
export const RELOAD_AT_MOST_EVERY_MS = 10 * 60_000
