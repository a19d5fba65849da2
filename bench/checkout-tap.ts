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
import type { Browser, Page, Request } from 'playwright-core'
import { launchChromium, PHONE } from '../scripts/harness/chromium.ts'
import { startShop } from '../scripts/harness/shop.ts'
import { BLANKET_VARIANT_ID } from '../storefront-double/catalog.ts'
import { median } from './median.ts'

const CART_CREATE_MS = Number(process.env.BENCH_CART_CREATE_MS ?? 300)
const UPSTREAM_LATENCY_MS = 80
const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const CPU_SLOWDOWN = 4
// Lighthouse's 'slow 4G' as DevTools applies it (bench/first-tap.ts).
const PHONE_NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
}

export type CheckoutTap = {
  /** Median ms from the finger coming down to the checkout tab's request for Shopify's URL. */
  tapToCheckoutMs: number
  /** Median ms of POST /checkout, request sent to answer read, as the phone saw it. */
  postCheckoutMs: number
  /** Median ms from the tap until the request starts, and from its answer until the tab is pointed: the shop's own code. */
  beforeRequestMs: number
  afterAnswerMs: number
  /** Median ms from the finger lifting (the click comes of the lift) until the request starts. */
  liftToRequestMs: number
  runs: number[]
}

export async function measureCheckoutTap(
  browser: Browser,
  origin: string,
  runs = RUNS,
  setUp: (page: Page, origin: string) => Promise<void> = inCart,
): Promise<CheckoutTap> {
  const spans: number[] = []
  const posts: number[] = []
  const beforeRequest: number[] = []
  const afterAnswer: number[] = []
  const liftToRequest: number[] = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true })
    try {
      const page = await context.newPage()
      await setUp(page, origin)
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      await cdp.send('Network.enable')
      await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK)
      await page.evaluate(() => {
        const at = (event: Event) => performance.timeOrigin + event.timeStamp
        addEventListener('pointerdown', (event) => ((window as unknown as { tapAt: number }).tapAt = at(event)), {
          capture: true,
          once: true,
        })
        addEventListener('pointerup', (event) => ((window as unknown as { liftAt: number }).liftAt = at(event)), {
          capture: true,
          once: true,
        })
      })
      // Seen in whichever tab asks for it: the checkout's own, or this one with pop-ups blocked.
      const pointed = new Promise<Request>((resolve) =>
        context.on('request', (request) => /\/checkouts\/cn\//.test(request.url()) && resolve(request)),
      )
      const posted = page.waitForResponse((response) => new URL(response.url()).pathname === '/checkout')
      // A finger's tap, as a phone's touch screen sends it: touchstart and touchend straight to
      // the browser, and the click that Chromium makes of them. Not Playwright's click, whose
      // hover, hit-target check and mouse events ran on the page's main thread before the
      // press, and were counted as the shop's (about 20 ms at 4×, 2026-11-27).
      const button = (await page.getByRole('button', { name: 'Checkout with Shopify' }).boundingBox())!
      const at = { x: button.x + button.width / 2, y: button.y + button.height / 2 }
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at] })
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
      // When the browser sent the checkout's request, by the browser's clock (as the tap's time
      // is), not by the bench's: the span's two ends then come from one clock.
      const checkoutRequest = await pointed
      await checkoutRequest.response()
      const pointedAt = checkoutRequest.timing().startTime
      const timing = (await posted).request().timing()
      const { tapAt, liftAt } = await page.evaluate(() => {
        const { tapAt, liftAt } = window as unknown as { tapAt: number; liftAt: number }
        return { tapAt, liftAt }
      })
      // The span in three: the tap until the request starts (the shop's code), the request,
      // and its answer until the tab is pointed at the checkout (the shop's code again).
      const request = await page.evaluate(() => {
        const entry = performance
          .getEntriesByType('resource')
          .findLast((e) => e.name.endsWith('/checkout')) as PerformanceResourceTiming
        return { start: performance.timeOrigin + entry.startTime, end: performance.timeOrigin + entry.responseEnd }
      })
      beforeRequest.push(request.start - tapAt)
      liftToRequest.push(request.start - liftAt)
      afterAnswer.push(pointedAt - request.end)
      spans.push(pointedAt - tapAt)
      posts.push(timing.responseEnd - timing.requestStart)
    } finally {
      await context.close()
    }
  }
  return {
    tapToCheckoutMs: median(spans),
    postCheckoutMs: median(posts),
    beforeRequestMs: median(beforeRequest),
    afterAnswerMs: median(afterAnswer),
    liftToRequestMs: median(liftToRequest),
    runs: spans.map(Math.round),
  }
}

/** The product page, its blanket in the cart and the sheet open, as a shopper about to tap. */
async function inCart(page: Page, origin: string) {
  await page.goto(`${origin}/product/toddler-blanket`)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByText('Added to cart!').waitFor()
  await page.getByTestId('cart-button').click()
  await page.getByRole('button', { name: 'Checkout with Shopify' }).waitFor()
  // Slid all the way in: the tap lands where the button is drawn.
  await page
    .getByTestId('cart-drawer')
    .evaluate((sheet) => Promise.all(sheet.getAnimations().map((animation) => animation.finished)))
  await page.waitForFunction(
    () =>
      Math.round(document.querySelector('[data-testid="cart-drawer"]')!.getBoundingClientRect().right) === innerWidth,
  )
}

/**
 * The floor under the shop's figures: a page of one 'Checkout with Shopify' button, on the
 * shop's origin, that does only what a checkout must (the request, the tab opened within the
 * tap, the tab pointed at the answer), in the same browser, CPU and network. What the shop's
 * spans take above this page's is the shop's; the rest is the phone's input and the browser.
 * `startOn`: the click, as the shop does, or the lift (`pointerup`, where a touch may already
 * open a tab), the earliest a tap can be told from a press that becomes a swipe.
 */
const bareButton = (startOn: 'click' | 'pointerup') => async (page: Page, origin: string) => {
  const path = `/__bench-bare-checkout-${startOn}`
  await page.route(origin + path, (route) => route.fulfill({ contentType: 'text/html', body: bareButtonPage(startOn) }))
  await page.goto(origin + path)
}

const bareButtonPage = (
  startOn: string,
) => `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>One button</title></head>
<body style="margin:0"><button type="button" style="position:fixed;bottom:20px;left:20px;right:20px;padding:14px;font-size:18px">Checkout with Shopify</button>
<script>
let started = false
document.querySelector('button').addEventListener(${JSON.stringify(startOn)}, async () => {
  if (started) return
  started = true
  const answered = fetch('/checkout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ lines: [{ merchandiseId: ${JSON.stringify(BLANKET_VARIANT_ID)}, quantity: 1 }] }) })
  const tab = window.open('', '_blank')
  tab.opener = null
  const answer = await (await answered).json()
  tab.location.href = answer.checkoutUrl
})
</script></body></html>`

if (import.meta.main) {
  // The shop as it is now, as `npm run bench` builds it.
  if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' })
  const shop = await startShop(
    { HTML_CACHE_SECONDS: '60', RENDER_DEADLINE_MS: '150', STOREFRONT_TIMEOUT_MS: '5000' },
    { dropAnalytics: true },
  )
  shop.double.latencyMs = UPSTREAM_LATENCY_MS
  shop.double.setOperationLatency('CartCreate', CART_CREATE_MS)
  const browser = await launchChromium()
  try {
    const ms = (value: number) => `${Math.round(value)} ms`
    const pages = [
      ['the shop', inCart],
      ['one bare button (the floor)', bareButton('click')],
      ['one bare button started at the lift', bareButton('pointerup')],
    ] as const
    for (const [name, setUp] of pages) {
      const figures = await measureCheckoutTap(browser, shop.origin, RUNS, setUp)
      console.log(
        `${name}: tap to checkout: median ${ms(figures.tapToCheckoutMs)} (runs ${figures.runs.join(', ')}); tap to request ${ms(figures.beforeRequestMs)} (lift to request ${ms(figures.liftToRequestMs)}), POST /checkout ${ms(figures.postCheckoutMs)}, answer to tab pointed ${ms(figures.afterAnswerMs)}`,
      )
    }
    console.log(
      `cartCreate ${CART_CREATE_MS} ms, other Storefront calls ${UPSTREAM_LATENCY_MS} ms, CPU ${CPU_SLOWDOWN}×, slow 4G`,
    )
  } finally {
    await browser.close()
    await shop.dispose()
  }
}
