/**
 * The Storefront API version the shop asks for, and Shopify's calendar for it
 * (docs/storefront-api.md). Shopify releases a stable version each quarter at 17:00 UTC and
 * serves it for at least twelve months; then a request for it is answered, with a 200 and no
 * error, by the oldest version still served ("falls forward"), and every answer names the
 * version that answered in `X-Shopify-API-Version` (shopify.dev, "About Shopify API
 * versioning"). So the shop reads that header on every answer (client.ts) and the scheduled
 * check tells the owner when it differs, and 60 days before the pinned version's end.
 *
 * Pinned: the newest version whose published schema the project keeps to check its documents
 * against offline, `storefront-double/storefront-<version>.schema.json`, from
 * `@shopify/hydrogen-react`'s `storefront.schema.json` of that version.
 */
export const API_VERSION = '2026-04'

/** The header each of Shopify's answers names its version in. */
export const API_VERSION_HEADER = 'X-Shopify-API-Version'

/** How long before the pinned version's end the owner is told to move (issue: 60 days). */
export const END_OF_SUPPORT_NOTICE_DAYS = 60

/**
 * The moment Shopify stops serving a stable version 'YYYY-MM': the 16th of the same month a
 * year later, 15:00 UTC. Shopify's release notes give each version's end so ('2025-04 …
 * Accessible until April 16, 2026 15:00 UTC'; 2025-07's was July 16, 2026 15:00 UTC).
 */
export function servedUntil(version: string): Date {
  const match = /^(\d{4})-(01|04|07|10)$/.exec(version)
  if (!match) throw new Error(`"${version}" is not a stable Storefront API version (YYYY-01, -04, -07 or -10)`)
  return new Date(Date.UTC(Number(match[1]) + 1, Number(match[2]) - 1, 16, 15))
}
