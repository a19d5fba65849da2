import { DISCOUNT_CODE } from '../../client/model/cart.ts'
import type { CartExtras, CartLineInput } from '../storefront/cart.ts'
import { cartLines } from './cart-lines.ts'
import { permalinkTouch, type Attribution } from '../../client/model/attribution.ts'

/**
 * What an outsider can put in a cart permalink (`/cart/{id}:{qty},…`, `/buy/…`), read
 * strictly. Pure, so the rules are attacked without a Worker (test/unit/permalink.test.ts,
 * with fast-check): a parsed list formats back to exactly itself, so nothing but what the
 * link spells reaches cartCreate.
 */
export type PermalinkItem = { item: string; quantity: number }

/** A variant id or SKU, and a quantity written without leading zeros (0–999; the caller says what it takes). */
const ITEM = /^([A-Za-z0-9._-]{1,64}):(0|[1-9][0-9]{0,2})$/

/** A permalink's items, `{id}:{quantity}` joined by commas; null when any of them is malformed. */
export function parsePermalinkItems(list: string): PermalinkItem[] | null {
  const items: PermalinkItem[] = []
  for (const entry of list.split(',')) {
    const match = ITEM.exec(entry)
    if (!match) return null
    items.push({ item: match[1]!, quantity: Number(match[2]) })
  }
  return items
}

/**
 * A permalink's lines: each item one of `variants` (by its numeric id, or, for a buy link, its
 * SKU), the whole held to cartLines' rule, the one POST /checkout keeps; else what is wrong.
 */
export function permalinkLines(
  list: string,
  variants: readonly { id: string; sku: string | null }[],
  by: 'id' | 'id or sku',
): { lines: CartLineInput[] } | { problem: string } {
  const items = parsePermalinkItems(list)
  const lines = items?.map(({ item, quantity }) => {
    const variant = variants.find(
      (v) => v.id === `gid://shopify/ProductVariant/${item}` || (by === 'id or sku' && v.sku === item),
    )
    return { merchandiseId: variant?.id ?? '', quantity }
  })
  if (!lines || lines.some((line) => !line.merchandiseId))
    return {
      problem: `This link names something the shop does not sell: each item must be one of the blanket's variants, as {variant id}:{quantity}.`,
    }
  const held = cartLines(lines)
  return 'lines' in held ? held : { problem: `This link's items cannot make a cart: ${held.problems.join('; ')}.` }
}

export function formatPermalinkItems(items: PermalinkItem[]): string {
  return items.map(({ item, quantity }) => `${item}:${quantity}`).join(',')
}

/**
 * What a permalink's query adds to the cart (Shopify's cart permalinks: `discount`, `note`,
 * and `ref` with the link's campaign words, kept as the shop's own attribution keys:
 * client/model/attribution.ts), or what is wrong with it. Other `attributes[…]` are dropped:
 * only known keys reach the cart.
 */
export function permalinkExtras(
  query: URLSearchParams,
  now = Date.now(),
): { extras: CartExtras; attribution: Attribution } | string {
  const discountCodes = (query.get('discount') ?? '').split(',').filter(Boolean)
  if (discountCodes.some((code) => !DISCOUNT_CODE.test(code)))
    return 'A discount code may hold only letters, digits, dashes and underscores, up to 64.'
  const note = query.get('note') ?? undefined
  if (note && note.length > 1000) return 'A note may be at most 1,000 characters.'
  const touch = permalinkTouch(query, now)
  return {
    extras: { ...(discountCodes.length > 0 && { discountCodes }), ...(note && { note }) },
    attribution: touch ? { last: touch } : {},
  }
}

/**
 * Whether a request for a permalink is a page navigation, the only way a shopper follows a
 * link (Fetch Metadata: `Sec-Fetch-Mode: navigate` with `Sec-Fetch-Dest: document`). An
 * image, a script, a frame or a fetch that another site's page makes in its visitor's browser
 * is not: it makes no cart and spends nothing of the visitor's checkout limit. A top-level
 * navigation from another site (Shopify Catalog, an agent's link) is one, whatever its
 * `Sec-Fetch-Site`. Browsers send `Sec-Fetch-Dest` with every request; without it (older
 * browsers, agents, Node's fetch, which sends a lone `Sec-Fetch-Mode: cors`) the request is
 * let through, as the resource isolation policy of web.dev's 'Protect your resources from web
 * attacks with Fetch Metadata' lets through browsers that send none. A prefetch or prerender
 * (`Sec-Purpose: prefetch`, which speculation rules on any page can ask for) is no shopper
 * following the link yet.
 */
export function isPageNavigation(headers: Headers): boolean {
  if (/prefetch|prerender/i.test(`${headers.get('Sec-Purpose')} ${headers.get('Purpose')}`)) return false
  const dest = headers.get('Sec-Fetch-Dest')
  return dest === null || (dest === 'document' && headers.get('Sec-Fetch-Mode') === 'navigate')
}
