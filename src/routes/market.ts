import { Hono, type Context } from 'hono'
import { zValidator } from '@hono/zod-validator'
import { z } from 'zod'
import { PRODUCT_HANDLE } from '../../client/model/product-result'
import type { MarketAnswer } from '../../client/model/market'
import type { Money } from '../../client/model/product'
import type { AppEnv } from '../app-env'
import { readConfig, type Config } from '../config'
import { log } from '../log'
import { withinLimit } from '../rate-limit'
import { API_VERSION } from '../storefront/client'
import { shopperCountry } from '../storefront/country-codes'
import { fetchCountryPrice } from '../storefront/country-offer'
import type { ShopMarkets } from '../storefront/product'
import { readProduct, TooManyLookups } from '../storefront/read-product'
import { issuesOf } from './post-endpoint'

/**
 * GET /market?handle=… : what the shop can promise this shopper in their own country, which
 * the page asks for once it is live (client/components/MarketLine.tsx). The page itself stays
 * one for everyone, kept by Workers Cache without a country in it or a `Vary` on one; this small
 * answer is the only thing that differs by country.
 *
 * - The country is Cloudflare's (`request.cf.country`), never the browser's word.
 * - An answer not kept reads the product's store (where the shop ships and sells, kept with
 *   the product) and, only where the price will be shown, asks Shopify the first variant's
 *   price in that country.
 * - Each country's answer is kept at the edge, per data centre, in the Cache API (docs:
 *   'Cache', Workers runtime APIs: 'the contents of the cache do not replicate outside of the
 *   originating data center'), for PRODUCT_CACHE_FRESH_SECONDS, and served as 'about' for up to
 *   PRODUCT_CACHE_STALE_IF_ERROR_SECONDS more while Shopify cannot be asked. The Cache API does
 *   nothing on workers.dev (same page), so staging asks Shopify on every answer.
 * - The answer itself is `private`: Workers Cache, which keys by URL alone, never keeps it.
 */
const query = z.object({ handle: z.string().regex(PRODUCT_HANDLE, 'is not a product handle') })

/** How long a browser may reuse its answer: a shopper does not change country between two pages. */
const BROWSER_SECONDS = 60

export const market = new Hono<AppEnv>().get(
  '/',
  zValidator('query', query, (result, c) => {
    if (!result.success) return c.json({ error: 'Invalid market request', issues: issuesOf(result.error) }, 400)
  }),
  async (c) => {
    const country = shopperCountry(c.req.raw)
    const answered = (answer: MarketAnswer) => {
      c.header('Cache-Control', `private, max-age=${BROWSER_SECONDS}`)
      return c.json(answer)
    }
    if (!country) return answered({ kind: 'unknown' })

    const { handle } = c.req.valid('query')
    const config = readConfig(c.env)
    const key = keptAnswerKey(config, handle, country)
    const kept = await readKept(key)
    const age = kept ? (Date.now() - kept.storedAt) / 1000 : Infinity
    if (kept && age < config.productCache.freshSeconds) return answered(kept.answer)

    const staleServable = kept && age < config.productCache.freshSeconds + config.productCache.staleIfErrorSeconds ? asApproximate(kept.answer) : null
    const failed = (status: 429 | 503, error: string) => {
      if (status === 429) log(c, 'warn', 'market answer refused by the rate limit', { country, handle, servedStale: Boolean(staleServable) })
      if (staleServable) return answered(staleServable)
      c.header('Cache-Control', 'no-store')
      return c.json({ kind: 'unknown', error }, status)
    }
    // Each answer not kept costs a Shopify call: as many as a client may cause elsewhere.
    const ip = c.req.header('CF-Connecting-IP')
    if (!(await withinLimit(c.env.STOREFRONT_RATE_LIMITER, ip))) return failed(429, 'Too many requests; please try again in a minute')

    try {
      const { product, markets } = await readProduct({ env: c.env, config, buyerIp: ip, requestId: c.get('requestId') }, handle)
      if (!product) {
        c.header('Cache-Control', 'no-store')
        return c.json({ error: `No product "${handle}"` }, 404)
      }
      // The price there is asked only where it will be shown: not in the primary market, nor
      // where the blanket does not ship.
      const shown = country !== markets.primaryCountry && markets.shipsTo.includes(country)
      const answer = marketAnswer(country, markets, shown ? await fetchCountryPrice(config.storefront, handle, country, ip) : null)
      keep(c, key, answer, config)
      return answered(answer)
    } catch (error) {
      if (error instanceof TooManyLookups) return failed(429, 'Too many requests; please try again in a minute')
      log(c, staleServable ? 'warn' : 'error', 'market answer failed', { error, country, handle, servedStale: Boolean(staleServable) })
      return failed(503, 'Shopify could not be reached')
    }
  },
)

/**
 * What the page says to a shopper in `country`: nothing in the primary market; whether the
 * blanket ships there; and if it does, its first variant's price there, in that market's
 * currency (Shopify's answer `@inContext(country:)`).
 */
export function marketAnswer(country: string, markets: ShopMarkets, price: Money | null): MarketAnswer {
  if (country === markets.primaryCountry) return { kind: 'primary' }
  if (!markets.shipsTo.includes(country)) return { kind: 'not-shipped', country, name: countryName(country, markets) }
  // A product with no variant has no price to give.
  if (!price) return { kind: 'unknown' }
  return { kind: 'ships', country, name: countryName(country, markets), price, approximate: false }
}

/** Shopify's name for a country of its markets, else the English name of the region. */
function countryName(country: string, markets: ShopMarkets): string {
  const known = markets.countries.find((entry) => entry.isoCode === country)?.name
  if (known) return known
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(country) ?? country
  } catch {
    return country
  }
}

/** An older answer, served while Shopify cannot be asked: its price may no longer be the checkout's. */
const asApproximate = (answer: MarketAnswer): MarketAnswer => (answer.kind === 'ships' ? { ...answer, approximate: true } : answer)

// The Cache API's keys are URLs: a path on the shop's own origin that no route serves, so the
// key can never be a page's, per store, API version, product and country.
const keptAnswerKey = (config: Config, handle: string, country: string) =>
  `${config.shopOrigin}/__market-answers/${encodeURIComponent(new URL(config.storefront.origin).host)}/${API_VERSION}/${encodeURIComponent(handle)}/${country}`

type Kept = { storedAt: number; answer: MarketAnswer }

// (`caches.default` is Workers' own; the editor's DOM types do not know it.)
const edgeCache = () => (caches as CacheStorage & { default: Cache }).default

async function readKept(key: string): Promise<Kept | null> {
  try {
    const hit = await edgeCache().match(key)
    return hit ? ((await hit.json()) as Kept) : null
  } catch {
    return null
  }
}

function keep(c: Context<AppEnv>, key: string, answer: MarketAnswer, config: Config) {
  const seconds = config.productCache.freshSeconds + config.productCache.staleIfErrorSeconds
  if (seconds === 0) return
  const entry: Kept = { storedAt: Date.now(), answer }
  c.executionCtx.waitUntil(
    edgeCache()
      .put(key, new Response(JSON.stringify(entry), { headers: { 'Content-Type': 'application/json', 'Cache-Control': `max-age=${seconds}` } }))
      .catch((error: unknown) => log(c, 'warn', 'market answer not kept', { error, key })),
  )
}
