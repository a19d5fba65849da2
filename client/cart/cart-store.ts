import { atom } from 'jotai'
import { atomWithStorage, createJSONStorage } from 'jotai/utils'
import { z } from 'zod'

/** Where the cart lives between visits (SPEC §4). */
export const CART_STORAGE_KEY = 'shopify-cart'
/** The most of one variant a cart may hold; /checkout enforces the same. */
export const MAX_QUANTITY = 99
export const MAX_LINES = 100

const text = (max: number) => z.string().max(max)
const webUrl = z.string().max(2048).regex(/^(https?:\/\/|\/(?!\/))/, 'not a web or site URL')

const cartItemSchema = z.object({
  variantId: z.string().regex(/^gid:\/\/shopify\/ProductVariant\/\d{1,20}$/),
  variantTitle: text(300),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
  price: z.object({ amount: z.string().regex(/^\d{1,9}(\.\d{1,4})?$/), currencyCode: z.string().regex(/^[A-Z]{3}$/) }),
  selectedOptions: z.array(z.object({ name: text(100), value: text(100) })).max(10),
  product: z.object({
    title: text(300),
    handle: text(255),
    images: z.array(z.object({ url: webUrl, altText: text(500).nullable() })).max(1),
  }),
})

const storedCartSchema = z.object({
  items: z.array(cartItemSchema).max(MAX_LINES),
  cartId: text(200).nullable(),
  checkoutUrl: webUrl.nullable(),
})

export type CartItem = z.infer<typeof cartItemSchema>
export type StoredCart = z.infer<typeof storedCartSchema>

export const EMPTY_CART: StoredCart = { items: [], cartId: null, checkoutUrl: null }

/**
 * localStorage that never throws: blocked storage reads as empty, a full one drops the
 * write, and the cart carries on in memory for the visit.
 */
const forgivingLocalStorage = {
  getItem(key: string) {
    try {
      return window.localStorage.getItem(key)
    } catch {
      return null
    }
  },
  setItem(key: string, value: string) {
    try {
      window.localStorage.setItem(key, value)
    } catch {
      // Full or unavailable: keep the in-memory cart.
    }
  },
  removeItem(key: string) {
    try {
      window.localStorage.removeItem(key)
    } catch {
      // Unavailable: nothing stored to remove.
    }
  },
  /** Another tab changed the cart: hand over its new value so the tabs converge. */
  subscribe(key: string, callback: (value: string | null) => void) {
    const onStorage = (event: StorageEvent) => {
      if (event.key === key || event.key === null) callback(forgivingLocalStorage.getItem(key))
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  },
}

/** Whatever is stored, from this tab or another, is a valid cart or an empty one. */
function validCart(value: unknown): StoredCart {
  const parsed = storedCartSchema.safeParse(value)
  return parsed.success ? parsed.data : EMPTY_CART
}

/** jotai's storage contract (not exported by jotai/utils). */
type SyncStorage<Value> = {
  getItem: (key: string, initialValue: Value) => Value
  setItem: (key: string, value: Value) => void
  removeItem: (key: string) => void
  subscribe: (key: string, callback: (value: Value) => void, initialValue: Value) => () => void
}

const json = createJSONStorage<unknown>(() => forgivingLocalStorage)
const cartStorage: SyncStorage<StoredCart> = {
  getItem: (key, initial) => validCart(json.getItem(key, initial)),
  setItem: (key, value) => json.setItem(key, value),
  removeItem: (key) => json.removeItem(key),
  subscribe: (key, callback, initial) => json.subscribe?.(key, (value) => callback(validCart(value)), initial) ?? (() => {}),
}

// Read on mount, not on creation: the server renders an empty cart and hydration must
// match it; the stored cart appears right after.
const storedCartAtom = atomWithStorage<StoredCart>(CART_STORAGE_KEY, EMPTY_CART, cartStorage)

export const itemsAtom = atom((get) => get(storedCartAtom).items)
export const cartIdAtom = atom((get) => get(storedCartAtom).cartId)
export const checkoutUrlAtom = atom((get) => get(storedCartAtom).checkoutUrl)
export const isLoadingAtom = atom(false)
export const isCartOpenAtom = atom(false)

export const totalQuantityAtom = atom((get) => get(itemsAtom).reduce((sum, item) => sum + item.quantity, 0))
export const totalPriceAtom = atom((get) =>
  get(itemsAtom).reduce((sum, item) => sum + Number.parseFloat(item.price.amount) * item.quantity, 0),
)

const clamp = (quantity: number) => Math.min(quantity, MAX_QUANTITY)

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

/** Sets a line's quantity; 0 or less removes it (SPEC §5). */
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

export const clearCartAtom = atom(null, (_get, set) => set(storedCartAtom, EMPTY_CART))

export const checkoutCreatedAtom = atom(null, (_get, set, { cartId, checkoutUrl }: { cartId: string; checkoutUrl: string }) => {
  set(storedCartAtom, (cart) => ({ ...cart, cartId, checkoutUrl }))
})
