import type { Money } from './product'

/**
 * What the shop can promise a shopper in their own country (GET /market, src/routes/market.ts),
 * before they tap: nothing to add in the store's primary market or where the country is not
 * known; else whether the blanket ships there and, if so, what it costs there.
 */
export type MarketAnswer =
  | { kind: 'unknown' }
  | { kind: 'primary' }
  | { kind: 'not-shipped'; country: string; name: string }
  /** `approximate`: Shopify could not be asked just now, and this price is an older answer. */
  | { kind: 'ships'; country: string; name: string; price: Money; approximate: boolean }

export const MARKET_PATH = '/market'
