import { z } from 'zod'
import type { Config, PriceInclusions } from '../config.ts'
import { logLine } from '../log-line.ts'
import { readAtMost } from '../read-at-most.ts'
import { API_VERSION } from '../storefront/api-version.ts'

/**
 * Whether the pages' tax words ('incl. VAT', '+ sales tax at checkout') still say what
 * Shopify's market settings do. The words come from the shop's settings (PRICES_INCLUDE_TAX,
 * PRICES_INCLUDE_DUTIES), so a page never waits on the Admin API; the scheduled check reads
 * each market's `priceInclusions` with a read_markets token and tells the owner when the two
 * differ (checkout-health.ts, `comparePrices`), naming the settings that would make them agree.
 */

/** Every market's price inclusions and countries (Admin API, `Market.priceInclusions`, `conditions.regionsCondition`). */
export const MARKET_PRICE_INCLUSIONS_QUERY = `#graphql
  query MarketPriceInclusions {
    markets(first: 50) {
      nodes {
        name
        status
        priceInclusions {
          inclusiveTaxPricingStrategy
          inclusiveDutiesPricingStrategy
        }
        conditions {
          regionsCondition {
            regions(first: 250) {
              nodes {
                ... on MarketRegionCountry {
                  code
                }
              }
            }
          }
        }
      }
    }
  }
`

const marketsAnswer = z.object({
  data: z.object({
    markets: z.object({
      nodes: z.array(
        z.object({
          name: z.string(),
          status: z.string(),
          priceInclusions: z
            .object({ inclusiveTaxPricingStrategy: z.string(), inclusiveDutiesPricingStrategy: z.string() })
            .nullable(),
          conditions: z
            .object({
              regionsCondition: z
                .object({ regions: z.object({ nodes: z.array(z.object({ code: z.string().optional() })) }) })
                .nullable(),
            })
            .nullable(),
        }),
      ),
    }),
  }),
})

/** Far above 50 markets of 250 countries each (about 400 KB); a bigger answer is refused unread, so it cannot grow the Worker's memory. */
export const MAX_ADMIN_ANSWER_BYTES = 1024 * 1024

/** What Shopify's active markets include in their prices, by country. */
export type ShopifyInclusions = Map<string, { market: string; tax: boolean; duties: boolean }>

/** Reads every active market's inclusions from the Admin API; throws with the reason when it cannot. */
export async function readShopifyInclusions(
  storefront: Config['storefront'],
  adminToken: string,
): Promise<ShopifyInclusions> {
  const response = await fetch(`${storefront.origin}/admin/api/${API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': adminToken },
    body: JSON.stringify({ query: MARKET_PRICE_INCLUSIONS_QUERY }),
    signal: AbortSignal.timeout(storefront.timeoutMs),
  })
  if (!response.ok) {
    await response.body?.cancel()
    throw new Error(`the Admin API answered ${response.status} (is SHOPIFY_ADMIN_TOKEN a read_markets token?)`)
  }
  const text = await readAtMost(response, MAX_ADMIN_ANSWER_BYTES)
  if (!text) throw new Error(`the Admin API answered with more than ${MAX_ADMIN_ANSWER_BYTES} bytes`)
  let body: unknown
  try {
    body = JSON.parse(await text.text())
  } catch {
    throw new Error('the Admin API answered with a body that is not JSON')
  }
  const parsed = marketsAnswer.safeParse(body)
  if (!parsed.success) throw new Error(`unexpected answer from the Admin API: ${JSON.stringify(body).slice(0, 300)}`)
  const byCountry: ShopifyInclusions = new Map()
  for (const market of parsed.data.data.markets.nodes) {
    if (market.status !== 'ACTIVE' || !market.priceInclusions) continue
    const tax = market.priceInclusions.inclusiveTaxPricingStrategy !== 'ADD_TAXES_AT_CHECKOUT'
    const duties = market.priceInclusions.inclusiveDutiesPricingStrategy === 'INCLUDE_DUTIES_IN_PRICE'
    for (const { code } of market.conditions?.regionsCondition?.regions.nodes ?? [])
      if (code) byCountry.set(code, { market: market.name, tax, duties })
  }
  return byCountry
}

/**
 * Where the shop's settings and Shopify's disagree, as the owner's alert says it, with the
 * settings that would agree; null where they agree. Only countries of Shopify's active markets
 * count: a country of none takes the primary market's words (src/market.ts).
 */
export function disagreement(prices: PriceInclusions, shopify: ShopifyInclusions): string | null {
  const differences: string[] = []
  const countries = [...shopify.keys()].sort()
  for (const country of countries) {
    const { market, tax, duties } = shopify.get(country)!
    if (prices.taxIncludedIn.includes(country) !== tax)
      differences.push(
        `in ${country} the pages say prices ${tax ? 'exclude' : 'include'} tax, but Shopify's market '${market}' ${tax ? 'includes it in the price' : 'adds it at checkout'}`,
      )
    if (prices.dutiesIncludedIn.includes(country) !== duties)
      differences.push(
        `in ${country} the pages say prices ${duties ? 'exclude' : 'include'} duties, but Shopify's market '${market}' ${duties ? 'includes them' : 'adds them at checkout'}`,
      )
  }
  if (differences.length === 0) return null
  const list = (included: (entry: { tax: boolean; duties: boolean }) => boolean) =>
    countries.filter((country) => included(shopify.get(country)!)).join(',')
  return (
    `The shop's tax words disagree with Shopify's market settings: ${differences.join('; ')}. ` +
    `Set PRICES_INCLUDE_TAX = "${list((m) => m.tax)}" and PRICES_INCLUDE_DUTIES = "${list((m) => m.duties)}" ` +
    `in wrangler.toml's vars and deploy (docs/deploying.md, Settings).`
  )
}

/**
 * The scheduled check's comparison: the disagreement (null when none), or undefined when it
 * could not be made (no token, or the Admin API failed), each logged under `requestId`.
 */
export async function comparePriceInclusions(config: Config, requestId: string): Promise<string | null | undefined> {
  if (!config.adminToken) {
    logLine('warn', 'tax words not compared with Shopify: SHOPIFY_ADMIN_TOKEN is not set', { requestId })
    return undefined
  }
  try {
    const found = disagreement(config.prices, await readShopifyInclusions(config.storefront, config.adminToken))
    if (found) logLine('error', 'tax words disagree with Shopify', { requestId, text: found })
    return found
  } catch (error) {
    logLine('error', 'market settings could not be read from the Admin API', { requestId, error })
    return undefined
  }
}
