// The time from a page's first paint to the effect of a tap on one of its controls, on a
// phone-sized Chromium with its CPU slowed 4× and a phone's network (Lighthouse's own mobile
// throttling, below): on loopback every script would arrive at once, and what decides when
// a phone's app goes live, the order and the round trips of its requests, would not show.
// The tap comes the moment the page has painted (the page tells the bench through an
// exposed function, scrolled to the control, and the tap goes straight to Chromium's input,
// as a finger's would). A tap before the app is live is held by the page's starter script,
// which shows it heard (aria-busy), and replayed once it is (client/starter/starter.ts), so
// the figures are how long a shopper who taps at once waits to see the tap heard, and for
// its effect (the control's `effect` selector matches). For a buy button, 'form' (the tap
// reached checkout through the page's buy form) would mean the hold failed.
import type { Browser } from 'playwright-core'
import { PHONE } from '../scripts/harness/chromium.ts'
import { median } from './median.ts'

/** A control to tap: found by `selector`; its tap has worked once `effect` matches. */
export type TapControl = { selector: string; effect: string }

export type FirstTap = {
  /** Median ms from first contentful paint to the tap's effect. */
  firstWorkingTapMs: number
  /** Median ms from the finger coming down (pointerdown) to the control showing it heard the tap. */
  heardMs: number
  /** Median ms from first contentful paint to the app being live (hydrated), in loads left untouched (null: not measured for this control). */
  appLiveMs: number | null
  /** Median ms from the start of the navigation to the app being live. */
  appLiveFromStartMs: number | null
  /** Median largest contentful paint of the untouched loads: what starting the app early would cost the main picture. */
  lcpMs: number | null
  /** How each run's tap worked: 'form' (to checkout) or 'app' (into the cart). */
  ways: string[]
}

const CPU_SLOWDOWN = 4
// Lighthouse's 'slow 4G' for mobile as DevTools applies it (lighthouse-core's constants:
// 150 ms RTT × 3.75 and 1.6 Mbps × 0.9 down, 750 Kbps × 0.9 up), per request.
const PHONE_NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
}
type Painted = { fcp: number; now: number; x: number; y: number }

/** `untouched`: also load the page untouched, for when its app goes live and its LCP. */
export async function measureFirstTap(
  browser: Browser,
  url: string,
  control: TapControl,
  { runs = 5, untouched = true } = {},
): Promise<FirstTap> {
  const taps: number[] = []
  const heard: number[] = []
  const lives: number[] = []
  const livesFromStart: number[] = []
  const lcps: number[] = []
  const ways: string[] = []
  for (let run = 0; run < runs; run++) {
    const tapped = await phone(browser, control.selector)
    const toCheckout = tapped.page
      .waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/checkout', {
        timeout: 30_000,
      })
      .then(() => 'form')
    const worked = tapped.page.waitForSelector(control.effect, { timeout: 30_000 }).then(() => 'app')
    // Promise.any below handles the one that never comes; until then, neither may go unhandled.
    for (const ending of [toCheckout, worked]) ending.catch(() => {})
    void tapped.page.goto(url).catch(() => {}) // the tap may navigate away before the load completes
    const at = await tapped.paint
    const tappedAt = Date.now()
    await tapped.page.mouse.click(at.x, at.y)
    // Promise.any handles the rejection of the one that never comes (it times out, or its page closes).
    const way = await Promise.any([toCheckout, worked])
    taps.push(at.now - at.fcp + (Date.now() - tappedAt))
    ways.push(way)
    if (way === 'app')
      heard.push(
        await tapped.page.evaluate(() =>
          ((w) => (w.heard ?? Number.NaN) - (w.pressed ?? Number.NaN))(
            window as unknown as { heard?: number; pressed?: number },
          ),
        ),
      )
    await tapped.context.close()
    if (!untouched) continue
    // The page as it loads untouched, for when the app is live: a phone of its own, so nothing
    // the tapped page fetched is in its cache.
    const { context, page } = await phone(browser, control.selector)
    type Watched = { live?: number; lcp?: number }
    await page.goto(url, { timeout: 60_000 })
    await page.waitForFunction(
      () => (window as unknown as Watched).live !== undefined && (window as unknown as Watched).lcp !== undefined,
      undefined,
      { timeout: 60_000 },
    )
    const { live, lcp, fcp } = await page.evaluate(() => {
      const w = window as unknown as Required<Watched>
      return { live: w.live, lcp: w.lcp, fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime }
    })
    lives.push(live - fcp)
    livesFromStart.push(live)
    lcps.push(lcp)
    await context.close()
  }
  const middle = (values: number[]) => (values.length ? Math.round(median(values)) : null)
  return {
    firstWorkingTapMs: middle(taps)!,
    heardMs: middle(heard) ?? Number.NaN,
    appLiveMs: middle(lives),
    appLiveFromStartMs: middle(livesFromStart),
    lcpMs: middle(lcps),
    ways,
  }
}

/**
 * A fresh phone (its own context, so an empty cache) on a throttled page that tells the bench
 * when it first paints, with the button's place; when the app goes live; and its LCP.
 */
async function phone(browser: Browser, selector: string) {
  const context = await browser.newContext({ viewport: PHONE })
  let painted!: (at: Painted) => void
  const paint = new Promise<Painted>((resolve) => (painted = resolve))
  await context.exposeFunction('painted', (at: Painted) => painted(at))
  await context.addInitScript((selector) => {
    const w = window as unknown as {
      painted: (at: Painted) => void
      live?: number
      lcp?: number
      heard?: number
      pressed?: number
    }
    addEventListener('pointerdown', () => (w.pressed ??= performance.now()), true)
    new PerformanceObserver((list) => (w.lcp = list.getEntries().at(-1)!.startTime)).observe({
      type: 'largest-contentful-paint',
      buffered: true,
    })
    new PerformanceObserver((list) => {
      const fcp = list.getEntries().find((entry) => entry.name === 'first-contentful-paint')
      if (!fcp) return
      // The tap comes once the control is in the page too (a page streams in: at its first
      // paint the control may not have arrived yet).
      const tap = () => {
        const target = document.querySelector<HTMLElement>(selector)
        if (!target) return false
        // The shopper scrolls to the control first where it is below the fold (the product page on a phone).
        target.scrollIntoView({ block: 'center' })
        const box = target.getBoundingClientRect()
        w.painted({ fcp: fcp.startTime, now: performance.now(), x: box.x + box.width / 2, y: box.y + box.height / 2 })
        return true
      }
      if (tap()) return
      const arrival = new MutationObserver(() => tap() && arrival.disconnect())
      arrival.observe(document, { childList: true, subtree: true })
    }).observe({ type: 'paint', buffered: true })
    new MutationObserver(() => {
      if (document.documentElement.dataset.hydrated === 'true') w.live ??= performance.now()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
    // The control says it heard the tap (client/starter/starter.ts), or the tap came once the
    // app was live, whose answer is its effect.
    new MutationObserver((records) => {
      if (records.some((record) => (record.target as Element).getAttribute('aria-busy') === 'true'))
        w.heard ??= performance.now()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['aria-busy'] })
  }, selector)
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK)
  return { context, page, paint }
}
