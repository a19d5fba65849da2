import type { StoredCart } from '../model/cart.ts'

export type CartUpdate = (cart: StoredCart) => StoredCart

/**
 * What the page knows of the cart in localStorage, in one value (storedCartStateAtom). Its code
 * comes after hydration, so the page starts with the cart **unread**: it keeps the changes the
 * shopper makes meanwhile, to replay on the stored cart, and whether anything is stored at all
 * (looked at once, without the validator, at the first change: a page prerendered and not yet
 * shown must not touch storage; a first visit has nothing stored). Once **read**, it keeps
 * the total the stored cart held. **Lost**: the code that reads it did not come; the cart
 * carries on in memory, and is never written over the stored one.
 *
 *   unread ──read──▶ read ──read (another tab, Back)──▶ read
 *     └──lost──▶ lost
 */
export type StoredCartState =
  | { status: 'unread'; stored: boolean | null; waiting: CartUpdate[] }
  | { status: 'read'; held: number }
  | { status: 'lost' }

export const UNREAD: StoredCartState = { status: 'unread', stored: null, waiting: [] }

/** A cart's total quantity: the badge's, and what a stored cart held. */
export const quantityOf = (cart: StoredCart) => cart.items.reduce((sum, item) => sum + item.quantity, 0)

/** A change made in memory, kept to replay while the stored cart is unread; `isStored` looks, the first time. */
export const changed = (state: StoredCartState, update: CartUpdate, isStored: () => boolean): StoredCartState =>
  state.status === 'unread'
    ? { stored: state.stored ?? isStored(), status: 'unread', waiting: [...state.waiting, update] }
    : state

/** The stored cart as read (again): the state it leaves, and the cart in memory, the waiting changes replayed on it. */
export function read(state: StoredCartState, stored: StoredCart): { state: StoredCartState; cart: StoredCart } {
  const waiting = state.status === 'unread' ? state.waiting : []
  return {
    state: { status: 'read', held: quantityOf(stored) },
    cart: waiting.reduce((cart, update) => update(cart), stored),
  }
}

/** The code that reads it did not come: an unread stored cart will not be read on this page. */
export const lost = (state: StoredCartState): StoredCartState =>
  state.status === 'unread' ? { status: 'lost' } : state

/**
 * The total the shopper is told (the badge, the sheet, the screen reader): null while a change
 * waits for a stored cart that is there to be read, when the total in memory is short of it.
 * With two blankets stored, an early add would otherwise show 1, then 3.
 */
export const knownQuantity = (state: StoredCartState, total: number): number | null =>
  state.status === 'unread' && state.stored === true && state.waiting.length > 0 ? null : total

/**
 * The total the shopper's changes on this page start from, which the screen reader measures
 * from: what the stored cart held, 0 when it is lost (the cart in memory is the whole cart),
 * null until read. So a change made before the announcer came is told, and the read never is.
 */
export const startingQuantity = (state: StoredCartState): number | null =>
  state.status === 'read' ? state.held : state.status === 'lost' ? 0 : null

/** Whether the cart in memory may be written to storage: only once the stored one was read. */
export const saves = (state: StoredCartState) => state.status === 'read'
