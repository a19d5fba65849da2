import type { Money, SelectedOption } from './product.ts'

// The cart as the browser keeps it (docs/product.md, 'The cart'), and the limits the
// browser and POST /checkout both enforce.

/** Where the cart lives between visits (localStorage). */
export const CART_STORAGE_KEY = 'shopify-cart'
export const MAX_QUANTITY = 99
export const MAX_LINES = 100

/** A Shopify variant id, as the cart stores it and POST /checkout accepts it. */
export const VARIANT_ID = /^gid:\/\/shopify\/ProductVariant\/\d{1,20}$/

/** A line's picture, as the stored cart line keeps it (docs/product.md, 'The cart'). */
export type CartImage = { url: string; altText: string | null }

export type CartItem = {
  variantId: string
  variantTitle: string
  quantity: number
  price: Money
  selectedOptions: SelectedOption[]
  product: { title: string; handle: string; images: { edges: { node: CartImage }[] } }
}

/**
 * The cart as stored (docs/product.md, 'The cart'), and when its hosted cart was created (ms since the epoch),
 * so a hosted cart Shopify no longer has can be told paid from expired
 * (client/browser/cart-effects.ts).
 */
export type StoredCart = {
  items: CartItem[]
  cartId: string | null
  checkoutUrl: string | null
  cartCreatedAt: number | null
  /** The gift message typed in the sheet, sent as the hosted cart's `note`; '' for none. */
  giftMessage: string
}

export const EMPTY_CART: StoredCart = {
  items: [],
  cartId: null,
  checkoutUrl: null,
  cartCreatedAt: null,
  giftMessage: '',
}

/**
 * A gift message's length at most, in UTF-16 code units, as a textarea's `maxlength` and
 * POST /checkout count it (an emoji is two). Shopify's checkout has no notes field; the
 * message reaches the order as the cart's `note`.
 */
export const GIFT_MESSAGE_MAX = 250

/**
 * How long after its creation a hosted cart that Shopify no longer has means a paid order.
 * Shopify answers null for a cart that was checked out and for one that expired; its staff
 * put the expiry of an unpaid cart at about 10 days after creation (developer forum, 'How
 * long does a cart session live', pointing at 'Manage a cart with the Storefront API'), and
 * shoppers report up to 30 days after its last update. A checkout is paid within minutes, so
 * within a day 'gone' is a paid order; later it may be either, and the lines are kept.
 */
export const HOSTED_CART_PAID_WITHIN_MS = 24 * 60 * 60 * 1000

/**
 * A discount code as a discount link gives it (`/discount/{code}`): letters, digits, dashes
 * and underscores, as Shopify's codes are written, up to 64. Kept for this browser in the
 * DISCOUNT_COOKIE, which the sheet reads to say it and POST /checkout to send it.
 */
export const DISCOUNT_CODE = /^[\p{L}\p{N}_-]{1,64}$/u
export const DISCOUNT_COOKIE = 'discount_code'
