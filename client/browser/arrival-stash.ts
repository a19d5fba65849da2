// The arrival's facts, set aside in this tab the moment the app's code runs (entry.tsx):
// noting them waits for the page to be live (browser/attribution.ts), and a shopper who
// follows a gift guide's link and leaves for the product page sooner would otherwise arrive
// as 'direct'. Kept in this tab only (sessionStorage) until the next live page reads them
// with the same rules and removes them: the path, the query (of which only the campaign
// words are read), the referrer's origin, the time. Never under Global Privacy Control, nor
// while the page is prerendered (its arrival is noted once shown).

export const ARRIVAL_STASH_KEY = 'shopify-cart-arrival'
/** The path, the query, the referrer's origin ('' for none), the time (ms). */
export type StashedArrival = [string, string, string, number]

export function stashArrival() {
  try {
    if ((document as { prerendering?: boolean }).prerendering) return
    if ((navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl) return
    const referrer = document.referrer && new URL(document.referrer).origin
    if (referrer || /[?&]utm_/.test(location.search)) {
      const stashed: StashedArrival = [location.pathname, location.search, referrer, Date.now()]
      sessionStorage.setItem(ARRIVAL_STASH_KEY, JSON.stringify(stashed))
    }
  } catch {
    // No storage: the arrival is noted from the page once it is live, if it still is.
  }
}
