// The time from a page's first paint to the first tap on its buy button that works, on a
// phone-sized Chromium with its CPU slowed 4×. The tap comes the moment the page has
// painted (the page tells the bench through an exposed function, scrolled to the button,
// and the tap goes straight to Chromium's input, as a finger's would). It works when it either reaches checkout (the
// button submits the page's buy form while the app is not live yet) or puts the blanket in
// the cart (once the app is live).
import type { Browser } from 'playwright-core'
import { PHONE } from '../test/browser/chromium.ts'

export type FirstTap = {
  /** Median ms from first contentful paint to the tap's effect. */
  firstWorkingTapMs: number
  /** Median ms from first contentful paint to the app being live (hydrated): where a tap first worked before the buy forms. */
  appLiveMs: number
  /** How each run's tap worked: 'form' (to checkout) or 'app' (into the cart). */
  ways: string[]
}

const CPU_SLOWDOWN = 4
type Painted = { fcp: number; now: number; x: number; y: number }

export async function measureFirstTap(browser: Browser, url: string, button: string, runs = 5): Promise<FirstTap> {
  const taps: number[] = []
  const lives: number[] = []
  const ways: string[] = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: PHONE })
    let painted!: (at: Painted) => void
    const paint = new Promise<Painted>((resolve) => (painted = resolve))
    await context.exposeFunction('painted', (at: Painted) => painted(at))
    await context.addInitScript((name) => {
      const w = window as unknown as { painted: (at: Painted) => void; live?: number }
      new PerformanceObserver((list) => {
        const fcp = list.getEntries().find((entry) => entry.name === 'first-contentful-paint')
        const target = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === name)
        if (!fcp || !target) return
        // The shopper scrolls to the button first where it is below the fold (the product page on a phone).
        target.scrollIntoView({ block: 'center' })
        const box = target.getBoundingClientRect()
        w.painted({ fcp: fcp.startTime, now: performance.now(), x: box.x + box.width / 2, y: box.y + box.height / 2 })
      }).observe({ type: 'paint', buffered: true })
      new MutationObserver(() => {
        if (document.documentElement.dataset.hydrated === 'true') w.live ??= performance.now()
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
    }, button)
    const page = await context.newPage()
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const toCheckout = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/checkout', { timeout: 30_000 }).then(() => 'form')
    const intoCart = page.getByTestId('cart-badge').filter({ hasText: '1' }).waitFor({ timeout: 30_000 }).then(() => 'app')
    void page.goto(url).catch(() => {}) // the tap may navigate away before the load completes
    const at = await paint
    const heard = Date.now()
    await page.mouse.click(at.x, at.y)
    // Promise.any handles the rejection of the one that never comes (it times out, or its page closes).
    const way = await Promise.any([toCheckout, intoCart])
    taps.push(at.now - at.fcp + (Date.now() - heard))
    ways.push(way)
    // The page as it loads untouched, for when the app is live.
    const again = await context.newPage()
    await (await context.newCDPSession(again)).send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    await again.goto(url)
    await again.waitForFunction(() => (window as unknown as { live?: number }).live !== undefined)
    lives.push(await again.evaluate(() => (window as unknown as { live: number }).live - performance.getEntriesByName('first-contentful-paint')[0]!.startTime))
    await context.close()
  }
  const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!)
  return { firstWorkingTapMs: median(taps), appLiveMs: median(lives), ways }
}
