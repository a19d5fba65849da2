import type { BrowserEvent } from './vocabulary.ts'

/**
 * Counts the page view and loads the collector when the browser is next idle; under
 * Global Privacy Control (`navigator.globalPrivacyControl`) neither: nothing is loaded or
 * sent, and what the app tracks stays in this page's memory. `tracked` is track.ts's list,
 * handed over by the entry, which holds it so that every chunk shares the one list.
 */
export function startFieldAnalytics(page: string, tracked: BrowserEvent[]) {
  if ((navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl) return
  tracked.push({ type: 'page_view' })
  // Safari lacks requestIdleCallback. A collector whose code does not come sends nothing.
  ;(window.requestIdleCallback ?? setTimeout)(
    () =>
      void import('./collector.ts').then(
        ({ collect }) => collect(page, tracked),
        () => {},
      ),
  )
}
