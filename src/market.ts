import type { Context } from 'hono'
import { orderWords, taxWords } from '../client/components/market-words.ts'
import { zoneOf } from '../client/content/delivery.ts'
import type { MarketsInWords } from '../client/markets-context.ts'
import { marketOfPath, marketPath, type PageMarket } from '../client/model/market.ts'
import type { Product } from '../client/model/product.ts'
import type { AppEnv } from './app-env.ts'
import { readConfig, type PriceInclusions } from './config.ts'
import type { ReadProductContext } from './product/read-product.ts'
import { isMarketCountry, shopperCountry } from './storefront/country-codes.ts'
import type { ShopMarkets } from './storefront/product.ts'

// The market: every question of which country a request, a page or a cart is for, where a
// page lives in each market, and what a market's shopper is told, answered here (docs/markets.md).
// Markets themselves are Shopify's: where the store sells, ships, and in what currency and
// languages comes with the product (ShopMarkets); a market added in Shopify gets its pages,
// prices and hreflang with no change here.

export { isMarketCountry, marketOfPath, marketPath, shopperCountry }

/** Shopify's unknown region, `CountryCode.ZZ`: no country, so the primary market's page and prices. */
export const UNKNOWN_COUNTRY = 'ZZ'

/** A country code as the shop keeps it: null for the unknown region (or none at all). */
export const knownCountry = (code: string | null | undefined): string | null =>
  code && code !== UNKNOWN_COUNTRY ? code : null

/**
 * The country a page is written for: its address's (`/en-ca/…`), or, for an unprefixed
 * address rendered here rather than through the market loopback (src/canonical-pages.ts), the
 * shopper's, in which case the page is theirs alone and no cache keeps it. Undefined for a
 * prefix that names no country.
 */
export function countryOfPage(path: string, request: Request): { country: string | null; shared: boolean } | undefined {
  const marketed = marketOfPath(path)
  if (!marketed) return { country: shopperCountry(request), shared: false }
  return isMarketCountry(marketed.country) ? { country: knownCountry(marketed.country), shared: true } : undefined
}

/** The country a checkout is made in: the one its page was written for (ZZ: none), else, from a page that says none, the shopper's. */
export const checkoutCountry = (asked: string | undefined, request: Request): string | null =>
  asked === undefined ? shopperCountry(request) : knownCountry(asked)

/** A page's path in `country`'s market: the primary market's (and no country's) unprefixed, every other's under `/en-xx`. */
export function pathIn(country: string | null, primaryCountry: string, path: string): string {
  return country && country !== primaryCountry ? marketPath(country, path) : path
}

/** What a request's reads of the product store carry: the bindings and settings, the buyer's address, the request id. */
export const readContext = (c: Context<AppEnv>): ReadProductContext => ({
  env: c.env,
  config: readConfig(c.env),
  buyerIp: c.req.header('CF-Connecting-IP'),
  requestId: c.get('requestId'),
})

/**
 * What a page written for `country` tells its shopper (client/model/market.ts), from where the
 * store sells and ships (Shopify's answer, kept with the product). No country (Shopify's
 * unknown region) is the primary market's page, as a cart made without one is the primary
 * market's.
 */
export function pageMarket(
  country: string | null,
  markets: ShopMarkets,
  prices: PriceInclusions,
  product: Product | null = null,
): PageMarket {
  const shipsTo = namesOf(markets.shipsTo, markets)
  const known = knownCountry(country)
  const primary = known === null || known === markets.primaryCountry
  // A country of no market buys in the primary market, at its prices and by its settings.
  const priced = known && markets.countries.some((entry) => entry.isoCode === known) ? known : markets.primaryCountry
  const included = { tax: prices.taxIncludedIn.includes(priced), duties: prices.dutiesIncludedIn.includes(priced) }
  const ships = known === null || markets.shipsTo.includes(known)
  return {
    taxIncluded: included.tax,
    tax: taxWords(known ?? priced, included),
    country: known,
    primary,
    order: orderWords(primary, product?.variants[0]?.price),
    currency: product?.priceRange.minVariantPrice.currencyCode ?? null,
    name: known && countryName(known, markets),
    ships,
    shipsTo,
    arrival: ships
      ? { country: known, giftTo: null }
      : { country: markets.primaryCountry, giftTo: placeName(markets.primaryCountry, markets) },
    languages: markets.countries.find((entry) => entry.isoCode === known)?.languages ?? [],
  }
}

/** A country as a sentence names it: its carrier zone's name where the zone is that country alone ('the United States'), else its name. */
function placeName(country: string, markets: ShopMarkets): string {
  const zone = zoneOf(country)
  return zone.countries.length === 1 && zone.countries[0] === country ? zone.name : countryName(country, markets)
}

/** Shopify's name for a country of its markets, else the English name of the region. */
export function countryName(country: string, markets: ShopMarkets): string {
  const known = markets.countries.find((entry) => entry.isoCode === country)?.name
  if (known) return known
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }).of(country) ?? country
  } catch {
    return country
  }
}

/** Countries by name, in English alphabetical order. */
const namesOf = (codes: string[], markets: ShopMarkets) =>
  codes.map((code) => countryName(code, markets)).sort((a, b) => a.localeCompare(b, 'en'))

/**
 * Where the shop ships and what its markets price in, for the pages that say so (the shipping
 * section, the Terms): every currency other than the primary market's, with its countries.
 */
export function marketsInWords(markets: ShopMarkets): MarketsInWords {
  const primaryCurrency = markets.countries.find((entry) => entry.isoCode === markets.primaryCountry)?.currency ?? 'USD'
  const byCurrency = new Map<string, string[]>()
  for (const { currency, isoCode } of markets.countries)
    if (currency !== primaryCurrency) byCurrency.set(currency, [...(byCurrency.get(currency) ?? []), isoCode])
  return {
    shipsTo: namesOf(markets.shipsTo, markets),
    primaryCurrency,
    currencies: [...byCurrency]
      .map(([currency, codes]) => ({ currency, countries: namesOf(codes, markets) }))
      .sort((a, b) => a.currency.localeCompare(b.currency)),
  }
}
