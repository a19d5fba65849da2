import { useEffect, useState } from 'react'
import * as z from 'zod/mini'
import { PAGE_DATA_ID } from '../lib/element-ids.ts'
import { readJsonScript } from '../lib/json-script.ts'
import type { PageMarket } from '../model/market.ts'
import type { Money } from '../model/product.ts'
import type { PageData } from '../pages/pages.ts'
import { useSettledProduct } from '../product-context.tsx'

/** A variant's price in the sheet's market, by its id. */
export type VariantPrice = { id: string; price: Money }

/**
 * The market the sheet's checkout is made in, and its prices: what the sheet prices its
 * lines at, the note it shows and the country and languages the checkout is sent with.
 * `market` is undefined where it could not be learnt (the lines then keep their stored prices).
 */
export type SheetMarket = { market?: PageMarket; variants: readonly VariantPrice[] }

const money = z.object({ amount: z.string(), currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)) })
const nullableText = z.nullable(z.string())

/** `GET /market`'s answer (src/routes/market.ts), as far as the sheet reads it. */
const marketAnswer = z.object({
  market: z.object({
    country: nullableText,
    primary: z.boolean(),
    name: nullableText,
    ships: z.boolean(),
    shipsTo: z.array(z.string()),
    arrival: z.object({ country: nullableText, giftTo: nullableText }),
    currency: nullableText,
    languages: z.array(z.string()),
    order: z.string(),
    taxIncluded: z.boolean(),
    tax: z.string(),
  }),
  variants: z.array(z.object({ id: z.string(), price: money })),
})

/** One question per product and page for the page's life: the answer is the page's market's, which does not change under it. */
const asked = new Map<string, Promise<SheetMarket>>()

/** Asks the Worker for the market of this page's checkout; the stored prices stand if it cannot say. */
function askMarket(handle: string, country: string | undefined): Promise<SheetMarket> {
  const query = new URLSearchParams({ handle, ...(country && { country }) })
  const key = query.toString()
  let answer = asked.get(key)
  if (!answer) {
    answer = fetch(`/market?${key}`)
      .then(async (response) => {
        if (!response.ok) throw new Error(`/market answered ${response.status}`)
        return marketAnswer.parse(await response.json())
      })
      .catch((error: unknown) => {
        // The checkout still works (Shopify prices it); the sheet shows the lines as they were added.
        console.warn('The cart sheet could not learn its market:', error)
        asked.delete(key)
        return { variants: [] }
      })
    asked.set(key, answer)
  }
  return answer
}

/**
 * The sheet's market. On a page that sells the product (the landing and product pages) it is
 * the page's own, written into it by the Worker. On any other page (the Terms, About, the 404
 * page) it is asked of the Worker when the sheet opens with lines, for the page's country, or
 * the shopper's where the page has none: the lines are then priced, the note shown and the
 * checkout made in the market its total is in, wherever the lines were added. Null while asked.
 */
export function useSheetMarket(open: boolean, handle: string | undefined): SheetMarket | null {
  const result = useSettledProduct()
  const own: SheetMarket | null = result?.market
    ? { market: result.market, variants: result.status === 'found' ? result.product.variants : [] }
    : null
  const [fetched, setFetched] = useState<SheetMarket | null>(null)
  const needed = !own && open && handle !== undefined
  useEffect(() => {
    if (!needed) return
    let current = true
    void askMarket(handle, readJsonScript<PageData>(PAGE_DATA_ID)?.country).then((answer) => {
      if (current) setFetched(answer)
    })
    return () => {
      current = false
    }
  }, [needed, handle])
  if (own) return own
  if (!handle) return { variants: [] }
  return fetched
}
