import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { chdbAvailable } from '../../scripts/report/clickhouse.ts'
import { hydrated, openPage, PHONE } from './browser.ts'
import { browser, checkoutTab, drawer, payAndComeBack, shop, setUpShopInChromium } from './shop-in-chromium.ts'

// The field analytics end to end: Chromium shops, the collector beacons, the Worker keeps
// the rows in the Analytics Engine stand-in, and `npm run report` reads them back.

// With the webhook's secret, the double's checkout tells the shop of the order, as Shopify does.
setUpShopInChromium({ SHOPIFY_WEBHOOK_SECRET: 'whsec-field-analytics' })

type Report = {
  funnel: { step: string; count: number }[]
  vitals: Record<'byPage' | 'byNavigation', Record<string, Record<string, { p75: number; count: number }>>> & {
    byDevice: Record<string, unknown>
    byCountry: Record<string, unknown>
  }
  lcpElements: Record<string, Record<string, number>>
  distributions: Record<string, { count: number }>
  checkoutTimes: Record<'tapToCheckout' | 'request' | 'shopCode' | 'cartCreate', { p50: number; count: number } | null>
}

async function report(): Promise<Report> {
  const { stdout } = await promisify(execFile)('npm', [
    'run',
    '--silent',
    'report',
    '--',
    '--json',
    '--local',
    shop.origin,
  ])
  return JSON.parse(stdout) as Report
}
const counts = (r: Report) => Object.fromEntries(r.funnel.map(({ step, count }) => [step, count]))

/** The collector is live once its chunk (web-vitals and the beacon) has run. */
const collectorLoaded = (page: Page) =>
  page.waitForResponse((response) => /\/assets\/collector-[\w-]+\.js$/.test(response.url()))

describe('field analytics', () => {
  // First in the file, so the shop's stand-in is still empty when it ends.
  test('a browser that sends Global Privacy Control sends nothing: no collector, no beacon', async () => {
    const asked: string[] = []
    const { page } = await openPage(browser, PHONE, async (context) => {
      await context.setExtraHTTPHeaders({ 'Sec-GPC': '1' })
      await context.addInitScript(() =>
        Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
      )
      context.on('request', (request) => {
        if (/\/events$|collector-/.test(request.url())) asked.push(request.url())
      })
    })
    await page.goto(`${shop.origin}/product/toddler-blanket`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.getByTestId('cart-button').click()
    await drawer(page).waitFor()
    // The collector would load at the page's first idle moment (analytics/start.ts), and
    // leaving the page is when its beacon would go: leave each page after an idle moment of its own.
    await idleMoment(page)
    await page.goto(`${shop.origin}/about`)
    await hydrated(page)
    await idleMoment(page)
    await page.close({ runBeforeUnload: true })
    expect(asked).toEqual([])
    expect(await shop.analyticsRows()).toEqual([])
  })

  test.runIf(chdbAvailable)(
    'a purchase in Chromium: every funnel step counted once, and vitals for each page loaded',
    async () => {
      const earlier = await report()
      const before = counts(earlier)
      // Which entry types the page's observers watch: CLS can be sent only once layout shifts are.
      const watched = await openPage(browser, PHONE, (context) =>
        context.addInitScript(() => {
          const observe = PerformanceObserver.prototype.observe
          PerformanceObserver.prototype.observe = function (options) {
            ;((window as unknown as { observedTypes?: unknown[] }).observedTypes ??= []).push(options?.type)
            return observe.call(this, options)
          }
        }),
      )
      const { page, context } = watched
      const loaded = collectorLoaded(page)
      await page.goto(`${shop.origin}/product/toddler-blanket`)
      await hydrated(page)
      await loaded

      await page.getByRole('button', { name: 'Add to Cart' }).click()
      await page.getByText('Added to cart!').waitFor()
      // Paid on the hosted checkout, then back to the shop's tab, which asks the Worker.
      await payAndComeBack(await checkoutTab(page, context), page)
      await expect.poll(() => page.getByTestId('cart-badge').count(), { timeout: 10_000 }).toBe(0)

      // Leaving a page sends its beacon: the product page's, then the landing page's.
      const landingCollector = collectorLoaded(page)
      await page.goto(`${shop.origin}/`)
      await hydrated(page)
      await landingCollector
      // web-vitals starts watching for layout shifts once its first-paint observer has
      // reported, a task or two after the collector runs: a shopper who leaves sooner sends no CLS.
      await page.waitForFunction(() =>
        (window as unknown as { observedTypes?: unknown[] }).observedTypes?.includes('layout-shift'),
      )
      await page.goto(`${shop.origin}/about`)
      await hydrated(page)

      await expect
        .poll(async () => counts(await report()), { timeout: 15_000 })
        .toEqual({
          page_view: before.page_view! + 2,
          add_to_cart: before.add_to_cart! + 1,
          cart_opened: before.cart_opened! + 1,
          checkout_started: before.checkout_started! + 1,
          checkout_created: before.checkout_created! + 1,
          order_created: before.order_created! + 1,
        })
      const report2 = await report()
      const { vitals, lcpElements, distributions } = report2
      // Each of the two pages left sent its paints, its shifts and its first byte.
      for (const name of ['LCP', 'CLS', 'FCP', 'TTFB'])
        expect(distributions[name]!.count - earlier.distributions[name]!.count, name).toBe(2)
      for (const route of ['/product/:handle', '/']) {
        expect(Object.keys(vitals.byPage[route] ?? {}), route).toEqual(expect.arrayContaining(['LCP', 'CLS']))
        expect(vitals.byPage[route]!.LCP!.count, route).toBe(1)
      }
      // Taps on the product page: its INP.
      expect(vitals.byPage['/product/:handle']!.INP!.count).toBe(1)
      expect(lcpElements['/product/:handle']).toEqual({ picture: 1 })
      expect(Object.keys(vitals.byDevice)).toEqual(['phone'])
      // The checkout was timed twice: from the tap, by the browser, and its cartCreate, by the Worker.
      expect(
        (report2.checkoutTimes.tapToCheckout?.count ?? 0) - (earlier.checkoutTimes.tapToCheckout?.count ?? 0),
      ).toBe(1)
      expect((report2.checkoutTimes.cartCreate?.count ?? 0) - (earlier.checkoutTimes.cartCreate?.count ?? 0)).toBe(1)
      expect(report2.checkoutTimes.cartCreate!.p50).toBeLessThan(report2.checkoutTimes.tapToCheckout!.p50)
      // And split: the request (within which the Worker's cartCreate ran), and the shop's code around it.
      expect((report2.checkoutTimes.request?.count ?? 0) - (earlier.checkoutTimes.request?.count ?? 0)).toBe(1)
      expect((report2.checkoutTimes.shopCode?.count ?? 0) - (earlier.checkoutTimes.shopCode?.count ?? 0)).toBe(1)
      expect(report2.checkoutTimes.cartCreate!.p50).toBeLessThanOrEqual(report2.checkoutTimes.request!.p50)
      expect(report2.checkoutTimes.request!.p50).toBeLessThanOrEqual(report2.checkoutTimes.tapToCheckout!.p50)
      // Both pages were reached by a link or an address.
      expect(vitals.byNavigation.navigate!.LCP!.count - (earlier.vitals.byNavigation.navigate?.LCP?.count ?? 0)).toBe(2)
    },
  )

  test.runIf(chdbAvailable)('a page reloaded reports its vitals apart from fresh loads', async () => {
    const lcpOf = (r: Report, navigation: string) => r.vitals.byNavigation[navigation]?.LCP?.count ?? 0
    const earlier = await report()
    const { page } = await openPage(browser, PHONE)
    let loaded = collectorLoaded(page)
    await page.goto(`${shop.origin}/`)
    await hydrated(page)
    await loaded
    loaded = collectorLoaded(page)
    await page.reload()
    await hydrated(page)
    await loaded
    await page.goto(`${shop.origin}/about`)
    await hydrated(page)
    await expect
      .poll(async () => lcpOf(await report(), 'reload') - lcpOf(earlier, 'reload'), { timeout: 15_000 })
      .toBe(1)
    expect(lcpOf(await report(), 'navigate') - lcpOf(earlier, 'navigate')).toBe(1)
  })
})

/** Resolves at the page's next idle moment: after any idle task the page asked for before it (idle callbacks run in the order asked). */
function idleMoment(page: Page) {
  return page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
}
