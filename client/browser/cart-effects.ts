import { atom, getDefaultStore } from 'jotai'
import { atomEffect } from 'jotai-effect'
import { cartIdAtom, clearCartAtom, hostedCartGoneAtom } from '../cart/cart-edits.ts'
import { CART_STORAGE_KEY, EMPTY_CART, type StoredCart } from '../model/cart.ts'
import { cartAtom, storedCartStateAtom } from '../cart/cart-atoms.ts'
import { lost, read, saves } from '../cart/stored-cart-state.ts'
import { readStoredCartText } from '../cart/stored-cart-text.ts'

// The cart's side effects, in a chunk the browser fetches once the page has hydrated, so
// neither they nor jotai-effect cost the page's start, and the stored cart can never
// change what hydration compares with the server's HTML.

/** Writes to localStorage without throwing: a full or blocked one drops the write. */
function writeStoredCart(cart: StoredCart) {
  try {
    window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(cart))
  } catch {
    // Full or unavailable: the cart carries on in memory for the visit.
  }
}

/** The cart as localStorage holds it now, so one read back from it is not written again. */
const cartInStorageAtom = atom<StoredCart | null>(null)

/**
 * Reads the stored cart once, and again whenever another tab changes it or the page comes
 * back from the back-forward cache, so the tabs converge. What the shopper changed before
 * the first read is replayed on top of it.
 */
const readStoredCartEffect = atomEffect((get, set) => {
  let live = true
  const readStored = async () => {
    const text = readStoredCartText()
    // Nothing stored (a first visit, most of them): no validator to fetch and evaluate.
    // Should the validator's code not come, the stored cart is lost: neither read nor
    // overwritten, and the cart carries on in memory.
    const validator = text === null ? null : await import('./stored-cart.ts').catch(() => undefined)
    if (validator === undefined) return set(storedCartStateAtom, lost(get.peek(storedCartStateAtom)))
    if (!live) return
    const stored = validator && text !== null ? validator.parseStoredCart(text) : EMPTY_CART
    const { state, cart } = read(get.peek(storedCartStateAtom), stored)
    set(cartInStorageAtom, stored)
    set(cartAtom, cart)
    set(storedCartStateAtom, state)
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) void readStored()
  }
  // A page brought back whole by Back (Safari keeps one on every Back) heard none of the
  // storage events the pages after it caused.
  const onPageShow = (event: PageTransitionEvent) => {
    if (event.persisted) void readStored()
  }
  void readStored()
  window.addEventListener('storage', onStorage)
  window.addEventListener('pageshow', onPageShow)
  return () => {
    live = false
    window.removeEventListener('storage', onStorage)
    window.removeEventListener('pageshow', onPageShow)
  }
})

/** Writes every change of the cart to localStorage, once the stored one has been read. */
const persistCartEffect = atomEffect((get, set) => {
  const cart = get(cartAtom)
  if (!saves(get(storedCartStateAtom)) || cart === get.peek(cartInStorageAtom)) return
  writeStoredCart(cart)
  set(cartInStorageAtom, cart)
})

/**
 * The cart survives the purchase in this tab. When the shopper comes back to it (focus or
 * visibility), ask the Worker whether the hosted cart was ordered (or is gone from Shopify);
 * then empty the local one if that can only mean a paid order (hostedCartGoneAtom). Any
 * failure keeps the cart as it is.
 */
const forgetCompletedCartEffect = atomEffect((get, set) => {
  const cartId = get(cartIdAtom)
  if (!cartId) return
  let asking = false
  let askAgain = false
  const check = async () => {
    if (document.visibilityState !== 'visible') return
    // One question at a time; a return while one is out asks again once it is answered,
    // since the order may have been paid in between.
    if (asking) {
      askAgain = true
      return
    }
    asking = true
    try {
      const response = await fetch(`/cart/status?id=${encodeURIComponent(cartId)}`)
      const status = response.ok ? ((await response.json()) as { status?: string }).status : undefined
      // 'ordered': Shopify told the shop of its order; 'gone': Shopify no longer has the cart, a paid order only if recent.
      if (status === 'ordered') set(clearCartAtom)
      else if (status === 'gone') set(hostedCartGoneAtom, Date.now())
    } catch {
      // Offline or Shopify unreachable: keep the cart.
    } finally {
      asking = false
      if (askAgain) {
        askAgain = false
        void check()
      }
    }
  }
  document.addEventListener('visibilitychange', check)
  window.addEventListener('focus', check)
  return () => {
    document.removeEventListener('visibilitychange', check)
    window.removeEventListener('focus', check)
  }
})

const cartEffectsAtom = atom((get) => {
  get(readStoredCartEffect)
  get(persistCartEffect)
  get(forgetCompletedCartEffect)
})

/** Starts the cart's effects in the app's store; the browser entry calls it once the page has hydrated. */
export function startCartEffects(store = getDefaultStore()): () => void {
  return store.sub(cartEffectsAtom, () => {})
}
