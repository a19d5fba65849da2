// Notes where this shopper came from once the page is shown (after-hydration.ts): the
// address's campaign words and another site's link, kept beside the stored cart
// (model/attribution.ts), never under Global Privacy Control.
import { afterArrival, arrivalTouch, ATTRIBUTION_STORAGE_KEY } from '../model/attribution.ts'
import { keptAttribution, privacyControl } from '../cart/kept-attribution.ts'
import { ARRIVAL_STASH_KEY, type StashedArrival } from './arrival-stash.ts'

/**
 * Notes the arrival this tab set aside (arrival-stash.ts: this page's, or one the shopper
 * left before it was live), else this page's, when it names a source. Under Global Privacy
 * Control nothing is kept, and what an earlier visit kept is removed.
 */
export function noteArrival(now = Date.now()) {
  try {
    const stashed = sessionStorage.getItem(ARRIVAL_STASH_KEY)
    sessionStorage.removeItem(ARRIVAL_STASH_KEY)
    if (privacyControl()) return localStorage.removeItem(ATTRIBUTION_STORAGE_KEY)
    const next = afterArrival(keptAttribution(now), stashed ? stashedTouch(stashed, now) : pageTouch(now))
    // A line whose touches are past their days goes: nothing is kept longer.
    if (next.first || next.last) localStorage.setItem(ATTRIBUTION_STORAGE_KEY, JSON.stringify(next))
    else localStorage.removeItem(ATTRIBUTION_STORAGE_KEY)
  } catch {
    // Storage refused (private mode, full): the shopper is counted as direct.
  }
}

const pageTouch = (now: number) => arrivalTouch(new URL(location.href), document.referrer, now)

/** The set-aside arrival's touch, read as strictly as any (model/attribution.ts); a line that cannot be read is none. */
function stashedTouch(text: string, now: number) {
  try {
    const [path, search, referrer, at] = JSON.parse(text) as StashedArrival
    const url = new URL(location.origin)
    url.pathname = String(path)
    url.search = String(search)
    return arrivalTouch(url, String(referrer), Math.min(Number(at) || now, now))
  } catch {
    return null
  }
}
