import type { Config } from '../config.ts'
import { logLine } from '../log-line.ts'
import { API_VERSION, END_OF_SUPPORT_NOTICE_DAYS, servedUntil } from '../storefront/api-version.ts'
import { fetchApiVersions } from '../storefront/api-versions.ts'

/**
 * Whether the Storefront API version the shop pins is still the one that answers, and for how
 * long Shopify serves it (src/storefront/api-version.ts). The scheduled check asks Shopify
 * once a run and tells the owner each notice once (CheckoutHealth.tellOnce): Shopify having
 * fallen forward to another version, once per version; the pinned version's end coming within
 * END_OF_SUPPORT_NOTICE_DAYS, once per pinned version.
 */

export type Notice = { id: string; text: string }

const DAY_MS = 86_400_000
const MOVE = "Move the shop to a version Shopify serves (docs/storefront-api.md, 'Moving to the next version')."

/** When the version's end is, in words: 'April 16, 2027 15:00 UTC'. */
const endInWords = (end: Date) =>
  `${end.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })} ${end.toISOString().slice(11, 16)} UTC`

/**
 * What the owner is to be told, given the version that answered (null: not known), the stable
 * versions Shopify lists as supported, and the check's time.
 */
export function apiVersionNotices(
  answered: string | null,
  supported: string[],
  now: number,
  pinned = API_VERSION,
): Notice[] {
  const notices: Notice[] = []
  if (answered && answered !== pinned)
    notices.push({
      id: `api-version:${answered}`,
      text:
        `Shopify answers the shop's Storefront API calls with version ${answered}, not ${pinned}, the one the shop asks for: ` +
        `it no longer serves ${pinned} and falls forward, so the shop's documents run against a version they were not checked against. ` +
        `${supported.length ? `Shopify supports ${supported.join(', ')}. ` : ''}${MOVE}`,
    })
  const end = servedUntil(pinned)
  const daysLeft = Math.ceil((end.getTime() - now) / DAY_MS)
  if (daysLeft <= END_OF_SUPPORT_NOTICE_DAYS)
    notices.push({
      id: `api-end:${pinned}`,
      text:
        `Shopify serves the Storefront API version ${pinned}, the one the shop asks for, until ${endInWords(end)}` +
        `${daysLeft > 0 ? `, ${daysLeft} days from now` : ', which has passed'} (Shopify's calendar: each stable version for twelve months). ${MOVE}`,
    })
  return notices
}

/**
 * The scheduled check's notices: Shopify is asked once; a failed ask is logged under
 * `requestId`, and the calendar's notice comes all the same. Each notice is told once by
 * CheckoutHealth.tellOnce, so nothing here is logged at every run.
 */
export async function checkApiVersion(config: Config, requestId: string, now: number): Promise<Notice[]> {
  try {
    const { answered, supported } = await fetchApiVersions(config.storefront)
    return apiVersionNotices(answered, supported, now)
  } catch (error) {
    logLine('warn', 'the Storefront API version could not be read', { requestId, error })
    return apiVersionNotices(null, [], now)
  }
}
