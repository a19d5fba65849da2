import { useAtomValue, useSetAtom } from 'jotai'
import { checkoutCreatedAtom, giftMessageAtom, isLoadingAtom } from './cart-edits.ts'
import { isCartOpenAtom, itemsAtom } from './cart-atoms.ts'
import { toastCheckoutFailed } from '../components/toasts.tsx'
import { track } from '../analytics/track.ts'
import type { BrowserEvent } from '../analytics/vocabulary.ts'
import { PAGE_DATA_ID } from '../lib/element-ids.ts'
import { readJsonScript } from '../lib/json-script.ts'
import type { PageData } from '../pages/pages.ts'
import type { PageMarket } from '../model/market.ts'

type CheckoutAnswer = { checkoutUrl: string; cartId: string; checkout: string }

/**
 * Creates the hosted cart through the Worker's POST /checkout and opens Shopify's checkout
 * in a new tab. The tab is opened inside the click, before any await (browsers block a
 * window opened later as a pop-up), and says where it is going while the cart is created.
 * It is pointed at the checkout once the URL is known, or closed when the checkout failed
 * (the failure toast shows in the shop's tab).
 */
export function useCheckout(market: PageMarket | undefined) {
  const items = useAtomValue(itemsAtom)
  const giftMessage = useAtomValue(giftMessageAtom)
  const setLoading = useSetAtom(isLoadingAtom)
  const setOpen = useSetAtom(isCartOpenAtom)
  const created = useSetAtom(checkoutCreatedAtom)

  /** `tappedAt`: the tap's event.timeStamp, from which the field analytics time the checkout. */
  return async function checkout(tappedAt = performance.now()) {
    if (items.length === 0) return
    // The cart is asked for first, the tab opened second: opening a tab (a new page for the
    // browser to make, and a title written into it) takes a phone a few hundred
    // milliseconds, which the request no longer waits behind (`npm run bench:checkout`).
    // The tab is still opened within the tap, which browsers require of a new window.
    // The field analytics count checkouts started and failed in the Worker, which sees them
    // first-hand (src/routes/checkout.ts): nothing here for a visitor to forge.
    const sentAt = performance.now()
    const answered = fetch('/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        // The cart is made in the sheet's market, whose prices the shopper read (docs/markets.md).
        country: market?.country ?? readJsonScript<PageData>(PAGE_DATA_ID)?.country ?? 'ZZ',
        ...(market?.languages.length && { languages: market.languages }),
        ...(giftMessage && { giftMessage }),
        lines: items.map((item) => ({ merchandiseId: item.variantId, quantity: item.quantity })),
      }),
    })
    // Blank, and written into rather than navigated: a tab navigated to a page of ours would
    // be cut off from this one by Chromium (window.closed turns true), and could not be
    // pointed at the checkout any more.
    const tab = window.open('', '_blank')
    if (tab) {
      tab.opener = null
      tab.document.title = tab.document.body.textContent = 'Taking you to checkout…'
    }
    setLoading(true)
    try {
      const response = await answered
      if (!response.ok) throw new Error(`checkout answered ${response.status}`)
      const answer = (await response.json()) as CheckoutAnswer
      const timing = { tappedAt, request: performance.now() - sentAt, checkout: answer.checkout }
      if (!tab) {
        // Pop-ups blocked outright: go there in this tab, in place of the sheet's history
        // entry (CartDrawer.tsx), so that Back from the checkout comes to the shop's page and
        // the Back after it leaves, with no dead step between. The sheet stays open: closing
        // it would take that entry off, and that would cancel this navigation.
        created(answer)
        trackReady(timing)
        window.location.replace(answer.checkoutUrl)
        return
      }
      // The checkout starts loading before the shop does its own bookkeeping.
      tab.location.href = answer.checkoutUrl
      trackReady(timing)
      created(answer)
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

/**
 * The tap until the checkout's tab was pointed at Shopify, and the request's part of it (the
 * rest is the shop's code here), naming the checkout the Worker made (the report counts no
 * other): sent at once, this page being hidden behind that tab.
 */
function trackReady({ tappedAt, request, checkout }: { tappedAt: number; request: number; checkout: string }) {
  const ms = Math.round(performance.now() - tappedAt)
  track({ type: 'checkout_ready', ms, request: Math.min(Math.round(request), ms), checkout })
  // For the collector, which sends it at once (analytics/collector.ts).
  dispatchEvent(new Event('checkout_ready' satisfies BrowserEvent['type']))
}
