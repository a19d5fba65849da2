import { atom } from 'jotai'
import { EMPTY_CART, GIFT_MESSAGE_MAX, HOSTED_CART_PAID_WITHIN_MS, type CartItem } from '../model/cart.ts'
import type { Money } from '../model/product.ts'
import type { VariantPrice } from './sheet-market.ts'
import { clamp, storedCartAtom } from './cart-atoms.ts'

// What the cart drawer and checkout do to the cart. Apart from cart-atoms.ts (what every
// page needs to show the badge and order) so that this comes with the drawer's code.

export const cartIdAtom = atom((get) => get(storedCartAtom).cartId)
export const isLoadingAtom = atom(false)

/**
 * The lines as the sheet shows them: each at its variant's price in the sheet's market (the
 * checkout is made there: cart/sheet-market.ts), or as it was stored where that price is not
 * known (the market could not be asked, a variant no longer sold).
 */
export function pricedLines(items: CartItem[], variants: readonly VariantPrice[]): CartItem[] {
  const prices = new Map(variants.map((variant) => [variant.id, variant.price]))
  return items.map((item) => ({ ...item, price: prices.get(item.variantId) ?? item.price }))
}

/** The lines' total, in their currency; null for no lines, or lines in two currencies (a cart carried from another market). */
export function cartTotal(lines: CartItem[]): Money | null {
  const currencyCode = lines[0]?.price.currencyCode
  if (!currencyCode || lines.some((line) => line.price.currencyCode !== currencyCode)) return null
  const cents = lines.reduce(
    (sum, line) => sum + Math.round(Number.parseFloat(line.price.amount) * 100) * line.quantity,
    0,
  )
  return { amount: (cents / 100).toFixed(2), currencyCode }
}

/** The sheet's total: its lines', or for no lines a zero in the page's currency; null on a page with no price. */
export function sheetTotal(lines: CartItem[], pageCurrency: string | null | undefined): Money | null {
  if (lines.length > 0) return cartTotal(lines)
  return pageCurrency ? { amount: '0', currencyCode: pageCurrency } : null
}

/** Sets a line's quantity; 0 or less removes it. */
export const updateQuantityAtom = atom(
  null,
  (_get, set, { variantId, quantity }: { variantId: string; quantity: number }) => {
    set(storedCartAtom, (cart) => ({
      ...cart,
      items:
        quantity <= 0
          ? cart.items.filter((line) => line.variantId !== variantId)
          : cart.items.map((line) => (line.variantId === variantId ? { ...line, quantity: clamp(quantity) } : line)),
    }))
  },
)

export const removeItemAtom = atom(null, (_get, set, variantId: string) => {
  set(storedCartAtom, (cart) => ({ ...cart, items: cart.items.filter((line) => line.variantId !== variantId) }))
})

/** The gift message as typed, cut to GIFT_MESSAGE_MAX as the textarea cuts it. */
export const giftMessageAtom = atom(
  (get) => get(storedCartAtom).giftMessage,
  (_get, set, message: string) =>
    set(storedCartAtom, (cart) => ({ ...cart, giftMessage: message.slice(0, GIFT_MESSAGE_MAX) })),
)

export const clearCartAtom = atom(null, (_get, set) => set(storedCartAtom, () => EMPTY_CART))

export const checkoutCreatedAtom = atom(
  null,
  (_get, set, { cartId, checkoutUrl }: { cartId: string; checkoutUrl: string }) => {
    set(storedCartAtom, (cart) => ({ ...cart, cartId, checkoutUrl, cartCreatedAt: Date.now() }))
  },
)

/**
 * Shopify no longer has the hosted cart: within HOSTED_CART_PAID_WITHIN_MS of its creation
 * that is a paid order, and the cart is emptied; later (or of unknown age) it may have expired
 * unpaid, so only the hosted cart is forgotten and the lines stay.
 */
export const hostedCartGoneAtom = atom(null, (get, set, now: number) => {
  const { cartCreatedAt } = get(storedCartAtom)
  if (cartCreatedAt !== null && now - cartCreatedAt < HOSTED_CART_PAID_WITHIN_MS) return set(clearCartAtom)
  set(storedCartAtom, (cart) => ({ ...cart, cartId: null, checkoutUrl: null, cartCreatedAt: null }))
})
