// What MarketLine.tsx says: loaded once the page is live, never on the critical path.
import type { MarketAnswer } from '../model/market'
import { formatMoney } from '../lib/format-money'

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
