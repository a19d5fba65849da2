import { atom } from 'jotai'
import { readStoredCartText } from './stored-cart-text'
import { EMPTY_CART, MAX_LINES, MAX_QUANTITY, type CartItem, type StoredCart } from '../model/cart'

export type CartUpdate = (cart: StoredCart) => StoredCart

// Why not atomWithStorage: it validates synchronously, which would put zod on the
// critical path. Here the server and the first client render share the empty cart (so
// hydration matches). The stored cart is read, validated and kept in step with
// localStorage and other tabs by cart-effects.ts, whose chunk arrives after hydration;
// any change the shopper makes before that is replayed on top of the stored cart.

/** The cart in memory. */
export const cartAtom = atom<StoredCart>(EMPTY_CART)

/** The changes made before the stored cart was read; null once it has been. */
export const unsavedUpdatesAtom = atom<CartUpdate[] | null>([])

/** The stored cart will not be read on this page: the code that reads it did not come. The cart carries on in memory. */
export const storedCartLostAtom = atom(false)

/**
 * Whether a stored cart is there to be read, looked at once without its validator (a first
 * visit has none, and then the cart in memory is the whole cart). False on the server.
 */
const storedCartThereAtom = atom(() => readStoredCartText() !== null)

/** The cart as stored; every change goes through it so that it is persisted. */
export const storedCartAtom = atom(
  (get) => get(cartAtom),
  (get, set, update: CartUpdate) => {
    set(cartAtom, update(get(cartAtom)))
    const unsaved = get(unsavedUpdatesAtom)
    if (unsaved) set(unsavedUpdatesAtom, [...unsaved, update])
  },
)

export const itemsAtom = atom((get) => get(storedCartAtom).items)
export const isCartOpenAtom = atom(false)

export const totalQuantityAtom = atom((get) => get(itemsAtom).reduce((sum, item) => sum + item.quantity, 0))

/**
 * The cart's total as the shopper is told it (the badge, the screen reader): null while a
 * change waits for the stored cart to be read, when the total in memory is short of it. With
 * two blankets stored, an early add would otherwise show 1, then 3: a count going down on
 * its way to the right total. With no stored cart, or once it is known not to come, the cart
 * in memory is the one the shopper has.
 */
export const knownQuantityAtom = atom((get) =>
  get(unsavedUpdatesAtom)?.length && get(storedCartThereAtom) && !get(storedCartLostAtom)
    ? null
    : get(totalQuantityAtom),
)

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
