import { useEffect, useState } from 'react'
import { lostCode } from '../lib/lost-code'
import { MARKET_PATH, type MarketAnswer } from '../model/market'
import { useSettledProduct } from '../product-context'

/** The shop's answer for this shopper's country (GET /market); 'unknown' when it cannot be had. */
function askMarket(handle: string): Promise<MarketAnswer> {
  return fetch(`${MARKET_PATH}?handle=${encodeURIComponent(handle)}`)
    .then((response) => (response.ok ? (response.json() as Promise<MarketAnswer>) : { kind: 'unknown' as const }))
    .catch(() => ({ kind: 'unknown' as const }))
}

const asked = new Map<string, Promise<MarketAnswer>>()

type MarketLineProps = {
  /** The first line on a page is a live region, so a screen reader says it once when it arrives. */
  announce?: boolean
}

/**
 * Whether the blanket ships to the shopper's country and what it costs there, beside the price
 * and the order buttons, in plain words: 'Ships to Germany · €35.00 at checkout', 'We don’t
 * ship to Brazil yet'. Nothing in the store's primary market, so every word of the page stays
 * as it is there. It is drawn over the space below the button (absolutely placed, in the
 * section's padding), so its arrival moves nothing (CLS 0), and the page paints without
 * waiting for it: the answer is asked once the page is live and has its product, and its
 * words (market-words.ts) come at the same time, in a chunk of their own, off the critical path.
 */
export function MarketLine({ announce = false }: MarketLineProps) {
  const result = useSettledProduct()
  const handle = result?.status === 'found' ? result.product.handle : null
  // undefined until the shop has answered; null when it had nothing to add.
  const [line, setLine] = useState<string | null | undefined>(undefined)
  useEffect(() => {
    if (!handle) return
    let current = true
    // Asked once per page load and product, however many lines the page has; the words
    // fetched at the same time.
    if (!asked.has(handle)) asked.set(handle, askMarket(handle))
    Promise.all([asked.get(handle)!, import('./market-words')])
      .then(([answer, { marketLine }]) => marketLine(answer))
      .then(
        (text) => current && setLine(text),
        // Its code could not be fetched (a deploy since the page opened, a dropped request): the
        // page's own words stand, and the one path for lost code decides whether to reload.
        (error: unknown) => {
          console.warn('Code lost; no market line', error)
          void lostCode()
        },
      )
    return () => {
      current = false
    }
  }, [handle])
  return (
    <div className="relative">
      <p role={announce ? 'status' : undefined} data-testid="market-line" data-answered={line !== undefined} className="absolute inset-x-0 top-1.5 text-sm font-semibold text-stone-700">
        {line}
      </p>
    </div>
  )
}
