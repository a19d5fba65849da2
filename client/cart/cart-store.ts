import { atom } from 'jotai'
import type { CartItem, StoredCart } from './stored-cart'

export type { CartItem, StoredCart } from './stored-cart'

/** Where the cart lives between visits (SPEC §4). */
export const CART_STORAGE_KEY = 'shopify-cart'
import { MAX_LINES, MAX_QUANTITY } from './cart-limits'

export { MAX_QUANTITY } from './cart-limits'

export const EMPTY_CART: StoredCart = { items: [], cartId: null, checkoutUrl: null }

/**
 * localStorage that never throws: blocked storage reads as empty, a full one drops the
 * write, and the cart carries on in memory for the visit.
 */
const storage = {
  read(): string | null {
    try {
      return window.localStorage.getItem(CART_STORAGE_KEY)
    } catch {
      return null
    }
  },
  write(cart: StoredCart) {
    try {
      window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart))
    } catch {
      // Full or unavailable: keep the in-memory cart.
    }
  },
}

type CartUpdate = (cart: StoredCart) => StoredCart

// Why not atomWithStorage: it validates synchronously, which would put zod on the
// critical path. Here the server and the first client render share the empty cart (so
// hydration matches), the stored cart is read once React has hydrated, validated by
// stored-cart.ts when that small chunk arrives (only if something is stored), and any
// change the shopper made in the meantime is replayed on top of it rather than lost.
const cartAtom = atom<StoredCart>(EMPTY_CART)
const loadedAtom = atom(false)
const pendingAtom = atom<CartUpdate[]>([])

const storageSyncAtom = atom(
  (get) => get(loadedAtom),
  (get, set, stored: StoredCart) => {
    const pending = get(pendingAtom)
    const cart = pending.reduce((current, update) => update(current), stored)
    set(cartAtom, cart)
    set(pendingAtom, [])
    set(loadedAtom, true)
    if (pending.length > 0) storage.write(cart)
  },
)
storageSyncAtom.onMount = (load) => {
  let mounted = true
  const read = () => {
    const stored = storage.read()
    // Nothing stored (a first visit, most of them): no validator to fetch and evaluate.
    if (stored === null) return Promise.resolve().then(() => mounted && load(EMPTY_CART))
    return import('./stored-cart').then(({ parseStoredCart }) => mounted && load(parseStoredCart(stored)))
  }
  // Another tab changed the cart: take its version so the tabs converge.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) void read()
  }
  void read()
  window.addEventListener('storage', onStorage)
  return () => {
    mounted = false
    window.removeEventListener('storage', onStorage)
  }
}

/** The cart as stored; every change goes through it so that it is persisted. */
export const storedCartAtom = atom(
  (get) => {
    get(storageSyncAtom)
    return get(cartAtom)
  },
  (get, set, update: CartUpdate) => {
    const cart = update(get(cartAtom))
    set(cartAtom, cart)
    if (get(loadedAtom)) storage.write(cart)
    else set(pendingAtom, [...get(pendingAtom), update])
  },
)

export const itemsAtom = atom((get) => get(storedCartAtom).items)
export const isCartOpenAtom = atom(false)

export const totalQuantityAtom = atom((get) => get(itemsAtom).reduce((sum, item) => sum + item.quantity, 0))

export const clamp = (quantity: number) => Math.min(quantity, MAX_QUANTITY)

/** Adds to the line of the same variant, or appends a new line (SPEC §4). */
export const addItemAtom = atom(null, (_get, set, item: CartItem) => {
  set(storedCartAtom, (cart) => {
    const existing = cart.items.find((line) => line.variantId === item.variantId)
    if (existing) {
      return { ...cart, items: cart.items.map((line) => (line === existing ? { ...line, quantity: clamp(line.quantity + item.quantity) } : line)) }
    }
    if (cart.items.length >= MAX_LINES) return cart
    return { ...cart, items: [...cart.items, { ...item, quantity: clamp(item.quantity) }] }
  })
})
