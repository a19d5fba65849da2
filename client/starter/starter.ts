import { BUY_FORM_ID } from '../lib/element-ids.ts'
import { RELOAD_AT_MOST_EVERY_MS, RELOADED_AT, type HeldTaps } from './protocol.ts'

/**
 * The page's only inline script, in the head so it is there before anything is painted
 * (built by scripts/starter/, which also gives the CSP its hash of what ships).
 *
 * 1. It starts the app's modules (listed in its data-modules) once the document is parsed.
 *    The entry reads the streamed product data from the page, so it must not run before the
 *    document is complete, which a dynamic import() (unlike <script type="module">) would.
 *    It does not wait for the main picture to paint first: that wait gained the picture
 *    nothing and delayed the app (bench/README.md, 'What each mechanism is worth').
 * 2. It holds a tap on any control the app has not made live yet (one with `data-hold` and
 *    no `data-live`: the buy buttons, the cart button, the thumbnails, the carousels' dots),
 *    so that no tap is lost: the control says at once that it heard it (`aria-busy`, which
 *    its classes draw as pressed), and the app runs it once the control is live
 *    (client/lib/held-taps.ts). A second tap on a control whose first is still held adds
 *    nothing: one intent, one blanket. Without this, a buy button would submit the page's
 *    buy form and send the shopper to checkout with one blanket and without the cart.
 * 3. Should the app's code fail to load (the entry, or the page's chunk), taps are no longer
 *    held: a held buy tap goes to the buy form, which buys as it does with JavaScript off,
 *    and the other controls let go of theirs. Not while the shopper is leaving the page:
 *    Firefox stops a page's fetches as soon as a navigation starts, long before pagehide, so
 *    the code 'fails' on the way out, and buying then would take the shopper to Shopify's
 *    checkout instead of where they were going.
 * 4. `reload` reloads the page for code it could not fetch, the one way a page from before a
 *    deploy gets the new version's: only once the server says this page's version is gone
 *    (its entry answers 404), so a fetch the browser stopped because the shopper is leaving,
 *    or one a phone's network dropped, reloads nothing. Never while a tap is held or a buy
 *    form is on its way, and at most once per tab in RELOAD_AT_MOST_EVERY_MS, so code that
 *    never comes cannot loop.
 *
 * Leaving starts at the Navigation API's navigate event for a navigation the page started;
 * one the browser started (a typed address, a bookmark) fires none, so until the app's code
 * has come the starter also listens for beforeunload. Only until then: in Firefox a
 * beforeunload listener keeps the page out of the back-forward cache. A browser without the
 * Navigation API (WebKitGTK) has only beforeunload. A navigation that was cancelled or
 * handed to another app (the footer's mailto:) leaves the page where it was: the shopper's
 * next press or key in it says they stayed.
 *
 * It also marks the document `data-js`, before the first paint, for the controls that only
 * work with JavaScript (the carousels' server-drawn dots show only then).
 */
export function startApp(script: HTMLScriptElement) {
  const modules = JSON.parse(script.dataset.modules ?? '[]') as string[]
  const root = document.documentElement
  let failed = false
  let bought = false
  let leaving = false
  const taps: HeldTaps = { held: [], take: null, fail, reload }
  window.__heldTaps = taps
  root.setAttribute('data-js', '')

  document.addEventListener(
    'click',
    (event) => {
      const control = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-hold]') : null
      if (!control || control.hasAttribute('data-live') || failed) return
      event.preventDefault()
      event.stopPropagation()
      if (control.getAttribute('aria-busy') === 'true') return
      control.setAttribute('aria-busy', 'true')
      if (!taps.take?.(control)) taps.held.push(control)
    },
    true,
  )

  const leave = () => (leaving = true)
  const stay = () => (leaving = false)
  addEventListener('pagehide', leave)
  addEventListener('pageshow', stay)
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, stay, true)
  const navigation = (window as { navigation?: EventTarget }).navigation
  navigation?.addEventListener('navigate', (event) => {
    if (!(event as Event & { destination: { sameDocument: boolean } }).destination.sameDocument) leave()
  })
  addEventListener('beforeunload', leave)

  function reload(): Promise<boolean> {
    if (leaving || bought || taps.held.length) return Promise.resolve(false)
    return versionGone().then((gone) => {
      if (!gone || leaving || bought || taps.held.length) return false
      try {
        const last = sessionStorage.getItem(RELOADED_AT)
        if (last !== null && !(Date.now() - Number(last) >= RELOAD_AT_MOST_EVERY_MS)) return false
        sessionStorage.setItem(RELOADED_AT, String(Date.now()))
      } catch {
        return false
      }
      location.reload()
      return true
    })
  }

  /** Whether this page's version of the app is gone from the server (a deploy since). */
  function versionGone(): Promise<boolean> {
    const entry = modules[0]
    if (!entry) return Promise.resolve(false)
    return fetch(entry, { method: 'HEAD', cache: 'no-store' }).then(
      (response) => response.status === 404,
      () => false,
    )
  }

  function fail() {
    if (failed) return
    failed = true
    root.removeAttribute('data-js')
    for (const control of taps.held.splice(0)) {
      control.removeAttribute('aria-busy')
      if (!bought && !leaving && control.getAttribute('form') === BUY_FORM_ID) {
        bought = true
        control.click()
      }
    }
    void reload()
  }

  function start() {
    Promise.all(modules.map((src) => import(src).catch(fail))).then(() => {
      if (navigation) removeEventListener('beforeunload', leave)
    })
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start)
  else start()
}
