import type { Money, SelectedOption } from './product'

// The cart as the browser keeps it (docs/product.md, 'The cart'), and the limits the
// browser and POST /checkout both enforce.

/** Where the cart lives between visits (localStorage). */
export const CART_STORAGE_KEY = 'shopify-cart'
export const MAX_QUANTITY = 99
export const MAX_LINES = 100

/** A Shopify variant id, as the cart stores it and POST /checkout accepts it. */
export const VARIANT_ID = /^gid:\/\/shopify\/ProductVariant\/\d{1,20}$/

/** A line's picture, as SPEC.md's cart line stores it. */
export type CartImage = { url: string; altText: string | null }

export type CartItem = {
  variantId: string
  variantTitle: string
  quantity: number
  price: Money
  selectedOptions: SelectedOption[]
  product: { title: string; handle: string; images: { edges: { node: CartImage }[] } }
}

export type StoredCart = { items: CartItem[]; cartId: string | null; checkoutUrl: string | null }

export const EMPTY_CART: StoredCart = { items: [], cartId: null, checkoutUrl: null }
