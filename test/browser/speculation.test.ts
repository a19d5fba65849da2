import { describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { DESKTOP, hydrated, openPage } from './browser.ts'
import { browser, shop, setUpShopInChromium, visit } from './shop-in-chromium.ts'

// The shop's Speculation Rules in Chromium (src/routes/speculation-rules.ts), and what a
// page does while it is prerendered and not yet shown (client/browser/after-hydration.ts).

setUpShopInChromium()

describe('speculation rules', () => {
  test("a pointer resting on 'Back to Store' prefetches the landing page, which the click then shows without asking again", async () => {
    const { page } = await visit('/product/toddler-blanket', DESKTOP)
    await hydrated(page)
    const prefetched = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/' && /prefetch/.test(request.headers()['sec-purpose'] ?? ''),
    )
    const viewsBefore = (await shop.analyticsRows()).length
    await page.getByRole('link', { name: 'Back to Store' }).hover()
    await prefetched
    // Fetched, not run: no page view, no beacon.
    expect((await shop.analyticsRows()).length).toBe(viewsBefore)
    await page.getByRole('link', { name: 'Back to Store' }).click()
    await page.waitForURL(`${shop.origin}/`)
    await hydrated(page)
    expect(
      await page.evaluate(
        () =>
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType: string })
            .deliveryType,
      ),
    ).toBe('navigational-prefetch')
  })

  // The shop serves no prerender rule (src/routes/speculation-rules.ts says why); the engines
  // tier checks a real one. Here, a prerendered page as Chromium makes one: `document.prerendering` true until the shopper
  // goes to it, then `prerenderingchange`. Two blankets are stored: the badge says whether
  // the stored cart was read, and the storage whether anything was written.
  test('a prerendered page counts no page view and changes no cart until it is shown, then does both', async () => {
    const stored = JSON.stringify({
      items: [
        {
          variantId: BLANKET_VARIANT_ID,
          variantTitle: 'x',
          quantity: 2,
          price: { amount: '38.0', currencyCode: 'USD' },
          selectedOptions: [],
          product: { title: 'Square Friends Fleece Blanket', handle: 'toddler-blanket', images: { edges: [] } },
        },
      ],
      cartId: null,
      checkoutUrl: null,
      cartCreatedAt: null,
    })
    const { page } = await openPage(browser, DESKTOP, async (context) => {
      await context.addInitScript((cart) => {
        if (location.pathname !== '/about') return
        localStorage.setItem('shopify-cart', cart)
        let prerendering = true
        Object.defineProperty(document, 'prerendering', { configurable: true, get: () => prerendering })
        ;(window as unknown as { show: () => void }).show = () => {
          prerendering = false
          document.dispatchEvent(new Event('prerenderingchange'))
        }
      }, stored)
    })
    const viewsBefore = (await shop.analyticsRows()).filter((row) => row.blob1 === 'page_view').length
    // What would have run by now had the page been shown: its after-hydration chunk, fetched.
    const afterHydration = page.waitForResponse((response) => /\/after-hydration-[\w-]+\.js$/.test(response.url()))
    await page.goto(`${shop.origin}/about`)
    await hydrated(page)
    await afterHydration
    await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)))
    expect(await page.evaluate(() => localStorage.getItem('shopify-cart'))).toBe(stored)
    expect(await page.getByTestId('cart-badge').count()).toBe(0)
    await page.evaluate(() => (window as unknown as { show: () => void }).show())
    // Shown: the cart is read, and the page view counted once the shopper leaves.
    await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2')
    await page.goto(`${shop.origin}/terms`)
    await expect
      .poll(async () => (await shop.analyticsRows()).filter((row) => row.blob1 === 'page_view').length)
      .toBeGreaterThan(viewsBefore)
  })
})
