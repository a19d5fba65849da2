import { useEffect, useState } from 'react'
import { MARKET_PATH, marketLine, type MarketAnswer } from '../model/market'

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

type MarketLineProps = {
  handle: string
  /** The first line on a page is a live region, so a screen reader says it once when it arrives. */
  announce?: boolean
}

/**
 * Whether the blanket ships to the shopper's country and what it costs there, beside the price
 * and the order buttons, in plain words: 'Ships to Germany · €35.00 at checkout', 'We don’t
 * ship to Brazil yet'. Nothing in the store's primary market, so every word of the page stays
 * as it is there. It is drawn over the space below the button (absolutely placed, in the
 * section's padding), so its arrival moves nothing (CLS 0); the page paints without waiting
 * for it.
 */
export function MarketLine({ handle, announce = false }: MarketLineProps) {
  const [line, setLine] = useState<string | null>(null)
  useEffect(() => {
    let current = true
    void askMarket(handle).then((answer) => current && setLine(marketLine(answer)))
    return () => {
      current = false
    }
  }, [handle])
  return (
    <div className="relative">
      <p role={announce ? 'status' : undefined} data-testid="market-line" className="absolute inset-x-0 top-1.5 text-sm font-semibold text-stone-700">
        {line}
      </p>
    </div>
  )
}
