import { createContext } from 'react'
import type { Thenable } from './lib/thenable.ts'

/**
 * Where the shop sells and ships, in words (src/market.ts, `marketsInWords`), as it
 * arrives with the product: the countries Shopify ships to, by name, and the currencies its
 * markets price in. Given by the server only, and read only by static sections, which the
 * browser never renders (lib/deferred-section.tsx): it is not part of the hydration data.
 */
export type MarketsInWords = {
  shipsTo: string[]
  /** The store's own currency, charged wherever no market prices in another. */
  primaryCurrency: string
  /** Each other currency a market prices in, with its countries by name. */
  currencies: { currency: string; countries: string[] }[]
}

export const MarketsContext = createContext<Thenable<MarketsInWords | null> | null>(null)
