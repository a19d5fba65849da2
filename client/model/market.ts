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

/** A price in its own currency, as a shopper there reads it: €35.00, £30.00, CA$52.00. */
export function formatMoney({ amount, currencyCode }: Money): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).format(Number(amount))
  } catch {
    return `${Number(amount).toFixed(2)} ${currencyCode}`
  }
}

/** The line beside the price and the order buttons; null where the page already says it all. */
export function marketLine(answer: MarketAnswer): string | null {
  switch (answer.kind) {
    case 'not-shipped':
      return `We don’t ship to ${answer.name} yet`
    case 'ships':
      return `Ships to ${answer.name} · ${answer.approximate ? 'about ' : ''}${formatMoney(answer.price)} at checkout`
    default:
      return null
  }
}
