import { describe, expect, test } from 'vitest'
import { DESKTOP, hydrated } from './browser'
import { shop, useShopInChromium, visit } from './shop-in-chromium'

// The shop's Speculation Rules in Chromium (src/routes/speculation-rules.ts): a pointer
// resting on one of the shop's links fetches that page before the click, and the click then
// shows the page fetched, with no request of its own.

useShopInChromium()

describe('speculation rules', () => {
  test("a pointer resting on 'Back to Store' prefetches the landing page, which the click then shows without asking again", async () => {
    const watched = await visit('/product/toddler-blanket', DESKTOP)
    const { page } = watched
    await hydrated(page)
    const prefetched = page.waitForRequest((request) => new URL(request.url()).pathname === '/' && request.headers()['sec-purpose']?.startsWith('prefetch') === true)
    const rowsBefore = (await shop.analyticsRows()).length
    await page.getByRole('link', { name: 'Back to Store' }).hover()
    await prefetched
    // Fetched, not run: no page view, no beacon.
    expect((await shop.analyticsRows()).length).toBe(rowsBefore)
    await page.getByRole('link', { name: 'Back to Store' }).click()
    await page.waitForURL(shop.origin + '/')
    await hydrated(page)
    expect(await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { deliveryType: string }).deliveryType)).toBe('navigational-prefetch')
  })
})
