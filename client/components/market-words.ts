// What MarketLine.tsx says: loaded once the page is live, never on the critical path.
import type { MarketAnswer } from '../model/market'
import type { Money } from '../model/product'

/** A price in its own currency, as a shopper there reads it: €35.00, £30.00, CA$52.00. */
export function formatMoney({ amount, currencyCode }: Money): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).format(Number(amount))
  } catch {
    return `${Number(amount).toFixed(2)} ${currencyCode}`
  }
}

/** The words for an answer: null where there is nothing to add. */
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
