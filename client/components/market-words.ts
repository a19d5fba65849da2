// What MarketLine.tsx says, and where it asks: loaded once the page is live, never on the
// critical path.
import { MARKET_PATH, type MarketAnswer } from '../model/market'
import type { Money } from '../model/product'

const asked = new Map<string, Promise<MarketAnswer>>()

/** The shop's answer for this shopper's country (GET /market), asked once per page load and product. */
function askMarket(handle: string): Promise<MarketAnswer> {
  let answer = asked.get(handle)
  if (!answer) {
    answer = fetch(`${MARKET_PATH}?handle=${encodeURIComponent(handle)}`)
      .then((response) => (response.ok ? (response.json() as Promise<MarketAnswer>) : { kind: 'unknown' as const }))
      // Nothing to add is better than a guess: the page's own words stand.
      .catch(() => ({ kind: 'unknown' as const }))
    asked.set(handle, answer)
  }
  return answer
}

/** The line for this shopper and product; null where the page already says it all. */
export async function marketLineFor(handle: string): Promise<string | null> {
  return marketLine(await askMarket(handle))
}

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
