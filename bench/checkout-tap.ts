// `npm run bench:checkout`: the moment that sells, from the tap on 'Checkout with Shopify'
// until the checkout's tab is pointed at Shopify's URL (its request for the checkout starts),
// on a phone-sized Chromium with its CPU slowed 4× and a phone's network for the shop's own
// requests. The cart is made at that tap (docs/product.md), so the span is one POST /checkout:
// the phone's round trip to the Worker, and the Worker's cartCreate at Shopify.
//
// cartCreate takes CART_CREATE_MS here (300 by default; BENCH_CART_CREATE_MS to change it),
// the other Storefront calls 80 ms as in `npm run bench`. Why 300: a cart mutation is not
// answered from Shopify's edge cache as a product read can be; it writes, in Shopify's core,
// so from a Cloudflare location far from it the round trip alone is 100-250 ms, and the
// mutation's own work comes on top. It is an estimate, not a measurement of Shopify: the
// field figure (`npm run report`, 'cartCreate as the Worker sees it') is the one to trust.
import { execFileSync } from 'node:child_process'
import type { Browser, Page } from 'playwright-core'
import { launchChromium, PHONE } from '../scripts/harness/chromium.ts'
import { startShop } from '../scripts/harness/shop.ts'

const CART_CREATE_MS = Number(process.env.BENCH_CART_CREATE_MS ?? 300)
const UPSTREAM_LATENCY_MS = 80
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const CPU_SLOWDOWN = 4
// Lighthouse's 'slow 4G' as DevTools applies it (bench/first-tap.ts).
const PHONE_NETWORK = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 }

export type CheckoutTap = {
  /** Median ms from the finger coming down to the checkout tab's request for Shopify's URL. */
  tapToCheckoutMs: number
  /** Median ms of POST /checkout, request sent to answer read, as the phone saw it. */
  postCheckoutMs: number
  /** Median ms from the tap until the request starts, and from its answer until the tab is pointed: the shop's own code. */
  beforeRequestMs: number
  afterAnswerMs: number
  runs: number[]
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

export async function measureCheckoutTap(browser: Browser, origin: string, runs = RUNS): Promise<CheckoutTap> {
  const spans: number[] = []
  const posts: number[] = []
  const beforeRequest: number[] = []
  const afterAnswer: number[] = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: PHONE })
    try {
      const page = await context.newPage()
      await inCart(page, origin)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK)
      await page.evaluate(() => addEventListener('pointerdown', (event) => ((window as unknown as { tapAt: number }).tapAt = performance.timeOrigin + event.timeStamp), { capture: true, once: true }))
      // Seen in whichever tab asks for it: the checkout's own, or this one with pop-ups blocked.
      const pointed = new Promise<number>((resolve) => context.on('request', (request) => /\/checkouts\/cn\//.test(request.url()) && resolve(Date.now())))
      const posted = page.waitForResponse((response) => new URL(response.url()).pathname === '/checkout')
      await page.getByRole('button', { name: 'Checkout with Shopify' }).click()
      const pointedAt = await pointed
      const timing = (await posted).request().timing()
      const tapAt = await page.evaluate(() => (window as unknown as { tapAt: number }).tapAt)
      // The span in three: the tap until the request starts (the shop's code), the request,
      // and its answer until the tab is pointed at the checkout (the shop's code again).
      const request = await page.evaluate(() => {
        const entry = performance.getEntriesByType('resource').findLast((e) => e.name.endsWith('/checkout')) as PerformanceResourceTiming
        return { start: performance.timeOrigin + entry.startTime, end: performance.timeOrigin + entry.responseEnd }
      })
      beforeRequest.push(request.start - tapAt)
      afterAnswer.push(pointedAt - request.end)
      spans.push(pointedAt - tapAt)
      posts.push(timing.responseEnd - timing.requestStart)
    } finally {
      await context.close()
    }
  }
  return { tapToCheckoutMs: median(spans), postCheckoutMs: median(posts), beforeRequestMs: median(beforeRequest), afterAnswerMs: median(afterAnswer), runs: spans.map(Math.round) }
}

/** The product page, its blanket in the cart and the sheet open, as a shopper about to tap. */
async function inCart(page: Page, origin: string) {
  await page.goto(origin + '/product/toddler-blanket')
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByText('Added to cart!').waitFor()
  await page.getByTestId('cart-button').click()
  await page.getByRole('button', { name: 'Checkout with Shopify' }).waitFor()
}

if (import.meta.main) {
  // The shop as it is now, as `npm run bench` builds it.
  if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' })
  const shop = await startShop({ HTML_CACHE_SECONDS: '60', RENDER_DEADLINE_MS: '150', STOREFRONT_TIMEOUT_MS: '5000' }, { dropAnalytics: true })
  shop.double.latencyMs = UPSTREAM_LATENCY_MS
  shop.double.setOperationLatency('CartCreate', CART_CREATE_MS)
  const browser = await launchChromium()
  try {
    const figures = await measureCheckoutTap(browser, shop.origin)
    const ms = (value: number) => `${Math.round(value)} ms`
    console.log(`tap to checkout: median ${ms(figures.tapToCheckoutMs)} (runs ${figures.runs.join(', ')}); tap to request ${ms(figures.beforeRequestMs)}, POST /checkout ${ms(figures.postCheckoutMs)}, answer to tab pointed ${ms(figures.afterAnswerMs)}; cartCreate ${CART_CREATE_MS} ms, other Storefront calls ${UPSTREAM_LATENCY_MS} ms, CPU ${CPU_SLOWDOWN}×, slow 4G`)
  } finally {
    await browser.close()
    await shop.dispose()
  }
}
