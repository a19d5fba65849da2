import { atom } from 'jotai'
import type { StoredCart } from '../model/cart'

// Its own module, off the page's critical path: only code that comes after hydration (the
// stored cart's effects, the screen reader's announcer) reads or writes it.

/**
 * The total the shopper's changes on this page start from: the cart as read from storage
 * (0 when nothing is stored, or when the stored cart will not be read); null until then.
 * What the screen reader is told is measured from it, so that a change made before the
 * announcer's code came is still told as a change, and the read itself never is.
 */
export const readQuantityAtom = atom<number | null>(null)

export const quantityOf = (cart: StoredCart) => cart.items.reduce((sum, item) => sum + item.quantity, 0)
