import { atom } from 'jotai'
import { readStoredCartText } from './stored-cart-text.ts'
import { EMPTY_CART, MAX_LINES, MAX_QUANTITY, type CartItem, type StoredCart } from '../model/cart.ts'
import {
  changed,
  knownQuantity,
  quantityOf,
  UNREAD,
  type CartUpdate,
  type StoredCartState,
} from './stored-cart-state.ts'

// Why not atomWithStorage: it validates synchronously, which would put zod on the
// critical path. Here the server and the first client render share the empty cart (so
// hydration matches). The stored cart is read, validated and kept in step with
// localStorage and other tabs by cart-effects.ts, whose chunk arrives after hydration;
// any change the shopper makes before that is replayed on top of the stored cart.

/** The cart in memory. */
export const cartAtom = atom<StoredCart>(EMPTY_CART)

/** What the page knows of the stored cart: unread (with the changes waiting), read, or lost (stored-cart-state.ts). */
export const storedCartStateAtom = atom<StoredCartState>(UNREAD)

/** The cart as stored; every change goes through it so that it is persisted. */
export const storedCartAtom = atom(
  (get) => get(cartAtom),
  (get, set, update: CartUpdate) => {
    set(cartAtom, update(get(cartAtom)))
    set(
      storedCartStateAtom,
      changed(get(storedCartStateAtom), update, () => readStoredCartText() !== null),
    )
  },
)

export const itemsAtom = atom((get) => get(storedCartAtom).items)
export const isCartOpenAtom = atom(false)

export const totalQuantityAtom = atom((get) => quantityOf(get(cartAtom)))

/** The cart's total as the shopper is told it (the badge, the sheet, the screen reader): `knownQuantity`. */
export const knownQuantityAtom = atom((get) => knownQuantity(get(storedCartStateAtom), get(totalQuantityAtom)))

export const clamp = (quantity: number) => Math.min(quantity, MAX_QUANTITY)

/**
 * Adds to the line of the same variant, or appends a new line. False when the cart as
 * known now could take none of it: the line is at MAX_QUANTITY, or the cart at MAX_LINES.
 */
export const addItemAtom = atom(null, (get, set, item: CartItem): boolean => {
  const before = get(cartAtom)
  set(storedCartAtom, (cart) => {
    const existing = cart.items.find((line) => line.variantId === item.variantId)
    if (existing) {
      if (existing.quantity >= MAX_QUANTITY) return cart
      return {
        ...cart,
        items: cart.items.map((line) =>
          line === existing ? { ...line, quantity: clamp(line.quantity + item.quantity) } : line,
        ),
      }
    }
    if (cart.items.length >= MAX_LINES) return cart
    return { ...cart, items: [...cart.items, { ...item, quantity: clamp(item.quantity) }] }
  })
  return get(cartAtom) !== before
})
