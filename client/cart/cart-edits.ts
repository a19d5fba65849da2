import { atom } from 'jotai'
import { EMPTY_CART, HOSTED_CART_PAID_WITHIN_MS } from '../model/cart'
import { clamp, itemsAtom, storedCartAtom } from './cart-atoms'

// What the cart drawer and checkout do to the cart. Apart from cart-atoms.ts (what every
// page needs to show the badge and order) so that this comes with the drawer's code.

export const cartIdAtom = atom((get) => get(storedCartAtom).cartId)
export const isLoadingAtom = atom(false)

export const totalPriceAtom = atom((get) =>
  get(itemsAtom).reduce((sum, item) => sum + Number.parseFloat(item.price.amount) * item.quantity, 0),
)

/** Sets a line's quantity; 0 or less removes it. */
export const updateQuantityAtom = atom(null, (_get, set, { variantId, quantity }: { variantId: string; quantity: number }) => {
  set(storedCartAtom, (cart) => ({
    ...cart,
    items:
      quantity <= 0
        ? cart.items.filter((line) => line.variantId !== variantId)
        : cart.items.map((line) => (line.variantId === variantId ? { ...line, quantity: clamp(quantity) } : line)),
  }))
})

export const removeItemAtom = atom(null, (_get, set, variantId: string) => {
  set(storedCartAtom, (cart) => ({ ...cart, items: cart.items.filter((line) => line.variantId !== variantId) }))
})

export const clearCartAtom = atom(null, (_get, set) => set(storedCartAtom, () => EMPTY_CART))

export const checkoutCreatedAtom = atom(null, (_get, set, { cartId, checkoutUrl }: { cartId: string; checkoutUrl: string }) => {
  set(storedCartAtom, (cart) => ({ ...cart, cartId, checkoutUrl, cartCreatedAt: Date.now() }))
})

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
