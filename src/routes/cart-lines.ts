import { MAX_LINES, MAX_QUANTITY } from '../../client/model/cart.ts'
import { quantityByVariant, type CartLineInput } from '../storefront/cart.ts'

/**
 * The one rule for the lines of a cart the shop makes, whichever door they came by (POST
 * /checkout's JSON and form, every cart and buy permalink): lines of one variant are merged,
 * as Shopify's cart holds them, and then each variant is 1 to MAX_QUANTITY and the cart at
 * most MAX_LINES variants. Merging first, so 100 lines of 99 cannot make a cart of 9,900.
 * Pure: test/unit/cart-lines.test.ts runs its cases through both doors.
 */
export function cartLines(lines: readonly CartLineInput[]): { lines: CartLineInput[] } | { problems: string[] } {
  const merged = quantityByVariant([...lines])
  const problems: string[] = []
  for (const [id, total] of merged) {
    if (total > MAX_QUANTITY) problems.push(`${id} adds up to ${total}; at most ${MAX_QUANTITY} of a variant`)
    if (total < 1) problems.push(`${id} adds up to ${total}; at least 1 of a variant`)
  }
  if (merged.size > MAX_LINES) problems.push(`${merged.size} variants; a cart holds at most ${MAX_LINES}`)
  if (merged.size === 0) problems.push('no lines; a cart holds at least one')
  if (problems.length > 0) return { problems }
  return { lines: [...merged].map(([merchandiseId, quantity]) => ({ merchandiseId, quantity })) }
}
