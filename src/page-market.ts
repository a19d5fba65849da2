import { orderWords, taxWords } from '../client/components/market-words.ts'
import type { MarketsInWords } from '../client/markets-context.ts'
import type { PageMarket } from '../client/model/market.ts'
import type { Product } from '../client/model/product.ts'
import type { PriceInclusions } from './config.ts'
import type { ShopMarkets } from './storefront/product.ts'

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
  const known = country === 'ZZ' ? null : country
  const primary = known === null || known === markets.primaryCountry
  // A country of no market buys in the primary market, at its prices and by its settings.
  const priced = known && markets.countries.some((entry) => entry.isoCode === known) ? known : markets.primaryCountry
  const included = { tax: prices.taxIncludedIn.includes(priced), duties: prices.dutiesIncludedIn.includes(priced) }
  return {
    taxIncluded: included.tax,
    tax: taxWords(known ?? priced, included),
    country: known,
    primary,
    order: orderWords(primary, product?.variants[0]?.price),
    currency: product?.priceRange.minVariantPrice.currencyCode ?? null,
    name: known && countryName(known, markets),
    ships: known === null || markets.shipsTo.includes(known),
    shipsTo,
    languages: markets.countries.find((entry) => entry.isoCode === known)?.languages ?? [],
  }
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
