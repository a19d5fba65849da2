import { use } from 'react'
import { ProductContext } from '../product-context.tsx'
import { marketWords } from './market-words.ts'

/**
 * The market's words beside the order buttons (market-words.ts), written into the page by the
 * server, in the flow of the page: it takes its own room, so it can neither move nor cover
 * what follows, and it is there without JavaScript. A static section: no code in the browser.
 */
export function MarketNote() {
  const resource = use(ProductContext)
  const result = resource ? use(resource) : null
  const words = marketWords(result?.market)
  if (!words) return null
  return (
    <p className="mt-3 text-sm font-semibold text-stone-700" data-testid="market-note">
      {words}
    </p>
  )
}

/** What the order buttons' price includes in the page's market ('incl. VAT'; market-words.ts, `taxWords`), under them. A static section. */
export function TaxWords() {
  const resource = use(ProductContext)
  const tax = (resource ? use(resource) : null)?.market?.tax
  if (!tax) return null
  return (
    <p className="mt-1 text-sm font-semibold text-stone-600" data-testid="tax-words">
      {tax}
    </p>
  )
}
