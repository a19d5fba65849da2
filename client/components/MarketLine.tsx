import { useEffect, useState } from 'react'
import { useSettledProduct } from '../product-context'

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
 * waiting for it: the answer and its words (market-words.ts) come once the page is live and
 * has its product, in a chunk of their own, off the critical path.
 */
export function MarketLine({ announce = false }: MarketLineProps) {
  const result = useSettledProduct()
  const handle = result?.status === 'found' ? result.product.handle : null
  const [line, setLine] = useState<string | null>(null)
  useEffect(() => {
    if (!handle) return
    let current = true
    void import('./market-words').then(({ marketLineFor }) => marketLineFor(handle)).then((text) => current && setLine(text))
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
