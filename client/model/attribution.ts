// Where a shopper came from, kept beside the stored cart in the browser (no cookie) and
// handed to the checkout: the one definition of its keys, caps and cleaning, which the
// browser (browser/attribution.ts) and the Worker (POST /checkout, cart permalinks) both
// keep. Pure, so the rules are attacked without a browser (test/unit/attribution.test.ts).

/** The campaign words a link may carry (Google's UTM parameters, which Shopify's marketing reports read too). */
export const CAMPAIGN_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number]

/**
 * One arrival: its date (ms), its campaign words, a cart permalink's `ref` (Shopify's word for
 * who made the link), the referring site's host (never its address), the landing path.
 */
export type Touch = { at: number } & Partial<Record<CampaignKey, string>> & {
    ref?: string
    referrer?: string
    landing?: string
  }
/** The first arrival with a source and the last, each kept for ATTRIBUTION_DAYS from its date. */
export type Attribution = { first?: Touch; last?: Touch }

export const ATTRIBUTION_DAYS = 30
const KEPT_MS = ATTRIBUTION_DAYS * 24 * 60 * 60_000
/** localStorage's key, beside the cart's ('shopify-cart'). */
export const ATTRIBUTION_STORAGE_KEY = 'shopify-cart-source'

/** The most characters each part keeps: a campaign word, a host (DNS's 253), a path. */
export const CAPS = { word: 100, referrer: 253, landing: 200 } as const

/** Text as the checkout may carry it: no control characters, trimmed, at most `max` characters (whole code points). */
export function cleanText(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') return undefined
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const clean = [...value.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '').trim()].slice(0, max).join('')
  return clean || undefined
}

/** A host as a referrer's: letters, digits, dots and dashes only, lower case. */
function cleanHost(value: unknown): string | undefined {
  const host = cleanText(value, CAPS.referrer)?.toLowerCase()
  return host && /^[a-z0-9.-]+$/.test(host) ? host : undefined
}

/** A landing path: a path on the shop, without its query. */
function cleanPath(value: unknown): string | undefined {
  const path = cleanText(value, CAPS.landing)
  return path?.startsWith('/') && !path.includes('?') ? path : undefined
}

/**
 * A touch as anything may claim it (a stored line, a request's body): only the known keys,
 * each cleaned and capped; null when its date is not within the kept days before `now`
 * (a day's clock skew allowed) or it says nothing of where the shopper came from.
 */
export function readTouch(raw: unknown, now: number): Touch | null {
  if (typeof raw !== 'object' || raw === null) return null
  const given = raw as Record<string, unknown>
  const at = given.at
  if (typeof at !== 'number' || !Number.isFinite(at) || at < now - KEPT_MS || at > now + 24 * 60 * 60_000) return null
  const touch: Touch = { at: Math.round(at) }
  for (const key of [...CAMPAIGN_KEYS, 'ref'] as const) {
    const word = cleanText(given[key], CAPS.word)
    if (word) touch[key] = word
  }
  const referrer = cleanHost(given.referrer)
  if (referrer) touch.referrer = referrer
  const landing = cleanPath(given.landing)
  if (landing) touch.landing = landing
  return touch.utm_source || touch.utm_campaign || touch.utm_medium || touch.ref || touch.referrer ? touch : null
}

/** An attribution as anything may claim it: each touch read by readTouch; never an error. */
export function readAttribution(raw: unknown, now: number): Attribution {
  if (typeof raw !== 'object' || raw === null) return {}
  const { first, last } = raw as Record<string, unknown>
  const read = { first: readTouch(first, now), last: readTouch(last, now) }
  return { ...(read.first && { first: read.first }), ...(read.last && { last: read.last }) }
}

/** Hosts that are the shop's own checkout, never a source: Shopify's, and the shop's own domain and its subdomains. */
function ownHost(host: string, shopHost: string): boolean {
  const shop = shopHost.replace(/^www\./, '')
  return (
    host === shop ||
    host.endsWith(`.${shop}`) ||
    shop.endsWith(`.${host}`) ||
    /(^|\.)(myshopify\.com|shopify\.com|shop\.app)$/.test(host)
  )
}

/**
 * The touch an arrival at `url` from `referrer` makes, or null when it names no source (a
 * link inside the shop, back from the checkout, an address typed): such an arrival changes
 * nothing kept.
 */
export function arrivalTouch(url: URL, referrer: string, now: number): Touch | null {
  // Not URL.parse, which phones from before 2024 lack.
  let host = ''
  try {
    const from = new URL(referrer)
    if (/^https?:$/.test(from.protocol)) host = from.hostname
  } catch {
    // No referrer, or none that is an address.
  }
  return readTouch(
    {
      at: now,
      ...Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, url.searchParams.get(key) ?? undefined])),
      ...(host && !ownHost(host, url.hostname) && { referrer: host }),
      landing: url.pathname,
    },
    now,
  )
}

/** What is kept after an arrival: the first touch stays while it is kept; the last is the newest with a source. */
export function afterArrival(kept: Attribution, touch: Touch | null): Attribution {
  if (!touch) return kept
  return { first: kept.first ?? touch, last: touch }
}

/**
 * The hosted cart's attributes: the last touch under `_utm_source`…, `_referrer`, `_landing`,
 * `_landed_at`, the first under the same keys with `_first` before them. A key that begins
 * with `_` is one the buyer is not shown (Shopify's convention; its Liquid code examples skip
 * such properties), while the order keeps it for the owner.
 */
export function cartAttributes(attribution: Attribution): { key: string; value: string }[] {
  return (['last', 'first'] as const).flatMap((which) => {
    const touch = attribution[which]
    if (!touch) return []
    const prefix = which === 'first' ? '_first_' : '_'
    return [
      ...[...CAMPAIGN_KEYS, 'ref' as const].flatMap((key) =>
        touch[key] ? [{ key: prefix + key, value: touch[key] }] : [],
      ),
      ...(touch.referrer ? [{ key: `${prefix}referrer`, value: touch.referrer }] : []),
      ...(touch.landing ? [{ key: `${prefix}landing`, value: touch.landing }] : []),
      { key: `${prefix}landed_at`, value: new Date(touch.at).toISOString() },
    ]
  })
}

/** Every key cartAttributes may set: what an order's attributes are read for (src/orders/order-payload.ts). */
export const CART_ATTRIBUTE_KEYS: ReadonlySet<string> = new Set(
  ['_', '_first_'].flatMap((prefix) =>
    [...CAMPAIGN_KEYS, 'ref', 'referrer', 'landing', 'landed_at'].map((key) => prefix + key),
  ),
)

/** The checkout's address with the last touch's campaign words, so Shopify's own marketing reports credit the order. */
export function withCampaign(checkoutUrl: string, touch: Touch | undefined): string {
  if (!touch) return checkoutUrl
  const url = new URL(checkoutUrl)
  for (const key of CAMPAIGN_KEYS) if (touch[key]) url.searchParams.set(key, touch[key])
  return url.toString()
}

/** Where a shopper came from, as the report groups it: the campaign's source, else a permalink's `ref`, else the referring host, else 'direct'. */
export function sourceOf(touch: Pick<Touch, 'utm_source' | 'ref' | 'referrer'> | undefined): string {
  return touch?.utm_source ?? touch?.ref ?? touch?.referrer ?? 'direct'
}

/**
 * A permalink's own touch: its campaign words and `ref`, dated now (a link followed is an
 * arrival of its own); null when it carries none.
 */
export function permalinkTouch(query: URLSearchParams, now: number): Touch | null {
  return readTouch(
    { at: now, ...Object.fromEntries([...CAMPAIGN_KEYS, 'ref'].map((key) => [key, query.get(key) ?? undefined])) },
    now,
  )
}
