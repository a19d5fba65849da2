import { useAtomValue, useSetAtom } from 'jotai'
import { checkoutCreatedAtom, giftMessageAtom, isLoadingAtom } from './cart-edits.ts'
import { isCartOpenAtom, itemsAtom } from './cart-atoms.ts'
import { toastCheckoutFailed } from '../components/toasts.tsx'
import { track } from '../analytics/track.ts'
import type { BrowserEvent, CheckoutOpening } from '../analytics/vocabulary.ts'
import { inAppBrowser } from './in-app.ts'
import { PAGE_DATA_ID } from '../lib/element-ids.ts'
import { readJsonScript } from '../lib/json-script.ts'
import type { PageData } from '../pages/pages.ts'
import type { PageMarket } from '../model/market.ts'
import { keptAttribution } from './kept-attribution.ts'

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
        // Where the shopper came from, for the order (nothing under Global Privacy Control).
        attribution: keptAttribution(),
        lines: items.map((item) => ({ merchandiseId: item.variantId, quantity: item.quantity })),
      }),
    })
    // Blank, and written into rather than navigated: a tab navigated to a page of ours would
    // be cut off from this one by Chromium (window.closed turns true), and could not be
    // pointed at the checkout any more. None in an app's in-app browser, where a window
    // opened never loads (Facebook, Instagram, Messenger, LinkedIn, TikTok…): the checkout
    // goes in this tab, as there is no other.
    const inApp = inAppBrowser()
    const tab = inApp ? null : window.open('', '_blank')
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
        // In-app, or pop-ups blocked outright: go there in this tab, in place of the sheet's
        // history entry (CartDrawer.tsx), so that Back from the checkout comes to the shop's
        // page and the Back after it leaves, with no dead step between. The sheet stays open:
        // closing it would take that entry off, and that would cancel this navigation.
        created(answer)
        trackReady(timing, inApp ? 'in-app' : 'blocked')
        window.location.replace(answer.checkoutUrl)
        return
      }
      // The checkout starts loading before the shop does its own bookkeeping.
      tab.location.href = answer.checkoutUrl
      const ready = readyTiming(timing)
      created(answer)
      setOpen(false)
      followTab(tab, answer.checkoutUrl, ready)
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
 * How long after the checkout's address was set a tab that has not left its blank page,
 * while this one is still in front, is taken for one that will never load (an app's webview
 * that gave back a window it never shows): the checkout then goes in this tab.
 */
export const STUCK_TAB_MS = 3000

/**
 * Follows the checkout's tab, then says where the checkout opened: in its tab once this page
 * is hidden (the tab came to the front), else, after STUCK_TAB_MS, by whether the tab left
 * its blank page.
 */
function followTab(tab: Window, checkoutUrl: string, ready: Ready) {
  let settled = false
  const settle = (opened: CheckoutOpening) => {
    if (settled) return
    settled = true
    removeEventListener('visibilitychange', onHidden)
    sendReady(ready, opened)
  }
  const onHidden = () => document.visibilityState === 'hidden' && settle('tab')
  addEventListener('visibilitychange', onHidden)
  setTimeout(() => {
    if (settled) return
    const stuck = !tab.closed && stillBlank(tab)
    settle(stuck ? 'stuck' : 'tab')
    if (!stuck) return
    tab.close()
    window.location.assign(checkoutUrl)
  }, STUCK_TAB_MS)
}

/** A tab on Shopify's checkout is another origin's, whose address this page may not read. */
function stillBlank(tab: Window) {
  try {
    return tab.location.href === 'about:blank'
  } catch {
    return false
  }
}

type Ready = { ms: number; request: number; checkout: string }

/**
 * The tap until the checkout was pointed at, and the request's part of it (the rest is the
 * shop's code here), naming the checkout the Worker made (the report counts no other).
 */
function readyTiming({ tappedAt, request, checkout }: { tappedAt: number; request: number; checkout: string }): Ready {
  const ms = Math.round(performance.now() - tappedAt)
  return { ms, request: Math.min(Math.round(request), ms), checkout }
}

/** Sent at once, this page being hidden behind the checkout, or about to leave for it. */
function sendReady(ready: Ready, opened: CheckoutOpening) {
  track({ type: 'checkout_ready', ...ready, opened })
  // For the collector, which sends it at once (analytics/collector.ts).
  dispatchEvent(new Event('checkout_ready' satisfies BrowserEvent['type']))
}

const trackReady = (timing: Parameters<typeof readyTiming>[0], opened: CheckoutOpening) =>
  sendReady(readyTiming(timing), opened)
