import { useAtomValue, useSetAtom } from 'jotai'
import { checkoutCreatedAtom, isLoadingAtom } from './cart-edits'
import { isCartOpenAtom, itemsAtom } from './cart-atoms'
import { toastCheckoutFailed } from '../components/toasts'

type CheckoutAnswer = { checkoutUrl: string; cartId: string }

/**
 * Creates the hosted cart through the Worker's POST /checkout and opens Shopify's checkout
 * in a new tab. The tab is opened inside the click, before any await (browsers block a
 * window opened later as a pop-up), and says where it is going while the cart is created.
 * It is pointed at the checkout once the URL is known, or closed when the checkout failed
 * (the failure toast shows in the shop's tab).
 */
export function useCheckout() {
  const items = useAtomValue(itemsAtom)
  const setLoading = useSetAtom(isLoadingAtom)
  const setOpen = useSetAtom(isCartOpenAtom)
  const created = useSetAtom(checkoutCreatedAtom)

  return async function checkout() {
    if (items.length === 0) return
    // Blank, and written into rather than navigated: a tab navigated to a page of ours would
    // be cut off from this one by Chromium (window.closed turns true), and could not be
    // pointed at the checkout any more.
    const tab = window.open('', '_blank')
    if (tab) {
      tab.opener = null
      tab.document.title = tab.document.body.textContent = 'Taking you to checkout…'
    }
    setLoading(true)
    // The field analytics count checkouts started and failed in the Worker, which sees them
    // first-hand (src/routes/checkout.ts): nothing here for a visitor to forge.
    try {
      const response = await fetch('/checkout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ lines: items.map((item) => ({ merchandiseId: item.variantId, quantity: item.quantity })) }),
      })
      if (!response.ok) throw new Error(`checkout answered ${response.status}`)
      const answer = (await response.json()) as CheckoutAnswer
      created(answer)
      if (!tab) {
        // Pop-ups blocked outright: go there in this tab. The sheet stays open: closing it
        // takes its Back entry off (CartDrawer.tsx), and that would cancel this navigation.
        window.location.assign(answer.checkoutUrl)
        return
      }
      tab.location.href = answer.checkoutUrl
      setOpen(false)
    } catch (error) {
      // The shopper is still in the shop, where the toast below says what happened: the tab
      // that was waiting for the checkout goes. A browser that keeps it open anyway shows
      // the shop's page that says the same and leads back.
      if (tab) {
        tab.close()
        if (!tab.closed) tab.location.href = '/to-checkout/failed/'
      }
      console.warn('Checkout failed:', error)
      toastCheckoutFailed()
    } finally {
      setLoading(false)
    }
  }
}
