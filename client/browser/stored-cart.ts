// What may come back out of localStorage: validated with zod, anything else is an empty
// cart. Loaded after hydration (see cart-effects.ts), so zod is off the critical path.
import * as z from 'zod/mini'

import { EMPTY_CART, GIFT_MESSAGE_MAX, MAX_LINES, MAX_QUANTITY, VARIANT_ID, type StoredCart } from '../model/cart.ts'

const text = (max: number) => z.string().check(z.maxLength(max))
const webUrl = z.string().check(z.maxLength(2048), z.regex(/^(https?:\/\/|\/(?!\/))/))

const image = z.object({ url: webUrl, altText: z.nullable(text(500)) })

/**
 * The stored shape (docs/product.md), a list of edges each holding a node; carts saved
 * before it was followed hold a flat list of images, read into the same shape so no cart
 * is lost.
 */
const cartImages = z.union([
  z.object({ edges: z.array(z.object({ node: image })).check(z.maxLength(10)) }),
  z.pipe(
    z.array(image).check(z.maxLength(10)),
    z.transform((nodes) => ({ edges: nodes.map((node) => ({ node })) })),
  ),
])

const cartItemSchema = z.object({
  variantId: z.string().check(z.regex(VARIANT_ID)),
  variantTitle: text(300),
  quantity: z.number().check(z.int(), z.minimum(1), z.maximum(MAX_QUANTITY)),
  price: z.object({
    amount: z.string().check(z.regex(/^\d{1,9}(\.\d{1,4})?$/)),
    currencyCode: z.string().check(z.regex(/^[A-Z]{3}$/)),
  }),
  selectedOptions: z.array(z.object({ name: text(100), value: text(100) })).check(z.maxLength(10)),
  product: z.object({
    title: text(300),
    handle: text(255),
    images: cartImages,
  }),
})

const storedCartSchema = z.object({
  // Each line is checked on its own below, so one corrupted line costs only itself.
  items: z.array(z.unknown()).check(z.maxLength(MAX_LINES)),
  cartId: z.nullable(text(200)),
  checkoutUrl: z.nullable(webUrl),
  // Carts stored before it was kept have none, and a bad one costs only itself: the hosted
  // cart's age is then unknown.
  cartCreatedAt: z.catch(z.optional(z.nullable(z.number().check(z.int(), z.nonnegative()))), null),
  // Carts stored before it was kept have none; a bad one costs only itself.
  giftMessage: z.catch(z.optional(text(GIFT_MESSAGE_MAX)), ''),
})

/**
 * The stored text as a cart. A line that is not a valid line is dropped and the rest kept;
 * bad JSON, a cart of the wrong shape or hostile sizes become the empty cart. The schemas'
 * output must be a StoredCart (client/model/cart.ts), or this does not type-check.
 */
export function parseStoredCart(text: string | null): StoredCart {
  if (!text) return EMPTY_CART
  try {
    const parsed = storedCartSchema.safeParse(JSON.parse(text))
    if (!parsed.success) return EMPTY_CART
    const items = parsed.data.items.flatMap((item) => {
      const line = cartItemSchema.safeParse(item)
      return line.success ? [line.data] : []
    })
    return {
      ...parsed.data,
      items,
      cartCreatedAt: parsed.data.cartCreatedAt ?? null,
      giftMessage: parsed.data.giftMessage ?? '',
    }
  } catch {
    return EMPTY_CART
  }
}
