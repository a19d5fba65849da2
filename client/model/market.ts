import type { ArrivalFor } from './calendar.ts'

/**
 * The market a page is written for (docs/markets.md): one kept copy of each page per country,
 * at `/en-ca/…` (MARKET_PREFIX), and the unprefixed address answered with the shopper's own
 * country's copy. Prices on such a page are Shopify's in that country's currency.
 */
export type PageMarket = {
  /** The country the page is written for; null where the shopper's country is not known (the primary market's page). */
  country: string | null
  /** The store's primary market, or a shopper whose country is not known: every spec string stands as written. */
  primary: boolean
  /** Shopify's name for the country (its English name where Shopify has none). */
  name: string | null
  /** Shopify ships there (`shop.shipsToCountries`), not merely sells there. */
  ships: boolean
  /** Where the blanket does ship, by name, for a shopper whose country is not among them. */
  shipsTo: string[]
  /** Whose delivery dates the page gives: its country's, or where it is not shipped, the primary market's as a gift. */
  arrival: ArrivalFor
  /** The currency the page's prices and its checkout are in; null where the page has no product to price. */
  currency: string | null
  /** The languages Shopify offers the checkout in there (`Country.availableLanguages`), for `@inContext(language:)`. */
  languages: string[]
  /** Whether the prices include tax (VAT, GST) there, by the market's setting in Shopify (src/config.ts, PRICES_INCLUDE_TAX). */
  taxIncluded: boolean
  /** What the prices include, in words, beside each price and the sheet's total (market-words.ts, `taxWords`). */
  tax: string
  /**
   * The order buttons' words (market-words.ts, `orderWords`), written by the Worker so that the
   * page's critical code carries no money formatting.
   */
  order: string
}

/** `/en-ca` for Canada: the path a market's pages live under, as Shopify Markets' subfolders spell it. */
export const marketPrefix = (country: string) => `/en-${country.toLowerCase()}`

/** A page's address in a market: `/en-ca` for `/`, `/en-ca/product/toddler-blanket`. */
export const marketPath = (country: string, path: string) => marketPrefix(country) + (path === '/' ? '' : path)

/** A path's market prefix and its country (upper case), or null for an unprefixed path. */
export function marketOfPath(path: string): { prefix: string; country: string; rest: string } | null {
  const match = /^\/en-([a-z]{2})(?=\/|$)/.exec(path)
  if (!match) return null
  return { prefix: match[0], country: match[1]!.toUpperCase(), rest: path.slice(match[0].length) || '/' }
}

export const MARKET_PATH = '/market'
