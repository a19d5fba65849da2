// Where this shopper came from, as kept beside the stored cart (model/attribution.ts;
// browser/attribution.ts notes it): read at checkout and for the field analytics' page views.
import { ATTRIBUTION_STORAGE_KEY, readAttribution, type Attribution } from '../model/attribution.ts'

/** Global Privacy Control: nothing is kept or sent. */
export const privacyControl = () => Boolean((navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl)

/** What is kept, each touch within its days; nothing under Global Privacy Control, without storage, or for a line that cannot be read. */
export function keptAttribution(now = Date.now()): Attribution {
  if (privacyControl()) return {}
  try {
    const text = localStorage.getItem(ATTRIBUTION_STORAGE_KEY)
    return text ? readAttribution(JSON.parse(text), now) : {}
  } catch {
    return {}
  }
}
