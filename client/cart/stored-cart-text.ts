import { CART_STORAGE_KEY } from '../model/cart.ts'

/**
 * The stored cart as localStorage holds it, unvalidated (client/browser/stored-cart.ts
 * validates it): null when there is none, or when storage is blocked, so nothing will be read.
 * The one read of localStorage's cart, for the page's start and for the cart's effects.
 */
export function readStoredCartText(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(CART_STORAGE_KEY)
  } catch {
    return null
  }
}
