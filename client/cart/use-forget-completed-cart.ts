import { useAtomValue, useSetAtom } from 'jotai'
import { useEffect } from 'react'
import { cartIdAtom, clearCartAtom } from './cart-edits'

/**
 * The cart survives the purchase in this tab. When the shopper comes back to it (focus or
 * visibility), ask the Worker whether Shopify still has the hosted cart; once it was
 * bought (or expired), empty the local one. Any failure keeps the cart as it is.
 */
export function useForgetCompletedCart() {
  const cartId = useAtomValue(cartIdAtom)
  const clear = useSetAtom(clearCartAtom)
  useEffect(() => {
    if (!cartId) return
    let asking = false
    const check = async () => {
      if (document.visibilityState !== 'visible' || asking) return
      asking = true
      try {
        const response = await fetch(`/cart/status?id=${encodeURIComponent(cartId)}`)
        if (response.ok && ((await response.json()) as { status?: string }).status === 'gone') clear()
      } catch {
        // Offline or Shopify unreachable: keep the cart.
      } finally {
        asking = false
      }
    }
    document.addEventListener('visibilitychange', check)
    window.addEventListener('focus', check)
    return () => {
      document.removeEventListener('visibilitychange', check)
      window.removeEventListener('focus', check)
    }
  }, [cartId, clear])
}

/** The hook as a component, so App can load it after the page has hydrated. */
export function ForgetCompletedCart() {
  useForgetCompletedCart()
  return null
}
