// Pages kept for Back and Forward: Chromium's back-forward cache restores the landing and
// product pages whole (a `pageshow` with `persisted`), and the cart is right at once after the
// restore, though it changed on the page in between. Playwright turns the cache off in the
// Chromium it launches (`--disable-back-forward-cache`, among its default arguments); this
// file's Chromium keeps it on, as a shopper's does.
import { chromium, type Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { chromiumPath } from '../../scripts/harness/chromium.ts'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'
import { hydrated, PHONE, watch } from './browser.ts'

let shop: Shop
let browser: Browser
beforeAll(async () => {
  ;[shop, browser] = await Promise.all([
    startShop(),
    chromium.launch({
      executablePath: chromiumPath(),
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'],
    }),
  ])
})
afterAll(async () => {
  await browser?.close()
  await shop?.dispose()
})

test.each([
  ['the landing page', '/', 'Only $38 – Order Now!'],
  ['the product page', '/product/toddler-blanket', 'Add to Cart'],
])('%s is restored from the back-forward cache, with the cart as the page in between left it', async (_, path, buy) => {
  const context = await browser.newContext({ viewport: PHONE })
  // Every pageshow the page saw, and whether it was a restore.
  await context.addInitScript(() => {
    const shows: boolean[] = []
    ;(window as unknown as { shows: boolean[] }).shows = shows
    addEventListener('pageshow', (event) => shows.push(event.persisted))
  })
  const page = await context.newPage()
  const watched = watch(page, context)
  await page.goto(shop.origin + path)
  await hydrated(page)
  await page.getByRole('button', { name: buy }).first().click()
  await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1')
  // Left on the page: a page restored whole still has it; one loaded anew does not.
  await page.evaluate(() => ((window as unknown as { left: string }).left = 'here'))
  // Away to another page of the shop, where the cart changes: two now.
  await page.goto(`${shop.origin}/about`)
  await hydrated(page)
  await page.getByTestId('cart-button').click()
  await page.getByRole('button', { name: 'One more Square Friends Fleece Blanket' }).click()
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('shopify-cart')!).items[0].quantity))
    .toBe(2)
  // Closed, the sheet takes its history entry back off: the next Back leaves the page.
  await page.keyboard.press('Escape')
  await expect.poll(() => page.getByTestId('cart-drawer').count()).toBe(0)
  // A page restored whole fires no load event (Playwright's goBack would wait for one for
  // ever): wait for the navigation to commit, then ask the page what it is.
  await page.goBack({ waitUntil: 'commit' })
  const reasons = await page.evaluate(() =>
    JSON.stringify(
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { notRestoredReasons?: unknown })
        .notRestoredReasons ?? null,
    ),
  )
  expect(await page.evaluate(() => (window as unknown as { left?: string }).left), `not restored: ${reasons}`).toBe(
    'here',
  )
  await page.waitForFunction(() => (window as unknown as { shows: boolean[] }).shows.includes(true))
  expect(await page.evaluate(() => (window as unknown as { shows: boolean[] }).shows)).toEqual([false, true])
  await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('2')
  expect(watched.problems).toEqual([])
  await context.close()
})

// A Back the cache could not serve says why, in the field analytics (Chromium's
// notRestoredReasons, Chrome 123+), and the report counts it by page.
test('a Back loaded afresh sends Chromium’s reasons with its beacon, and the report counts them against the restores', async () => {
  const before = (await shop.report()).backForward['/'] ?? {
    restored: 0,
    loadedAgain: 0,
    reasons: {} as Record<string, number>,
  }
  const context = await browser.newContext({ viewport: PHONE })
  // The landing page with an unload handler, which keeps a page out of Chromium's cache (a
  // third-party script can add one; Chromium names the reason 'masked').
  await context.addInitScript(() => location.pathname === '/' && addEventListener('unload', () => {}))
  const page = await context.newPage()
  const watched = watch(page, context)
  await page.goto(`${shop.origin}/`)
  await hydrated(page)
  await page.goto(`${shop.origin}/about`)
  await hydrated(page)
  await page.goBack({ waitUntil: 'commit' })
  await hydrated(page)
  const reasons = await page.evaluate(() =>
    (
      performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
        notRestoredReasons?: { reasons: { reason: string }[] }
      }
    ).notRestoredReasons?.reasons.map((r) => r.reason),
  )
  expect(reasons, 'Chromium names why').toBeTruthy()
  // The collector starts once the page is idle; leaving sends its beacon.
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => /\/collector-[\w-]+\.js$/.test(entry.name)),
  )
  await page.goto(`${shop.origin}/privacy`)
  // Counted against the restores by its LCP, whose navigation type says it was loaded afresh.
  await expect
    .poll(
      async () => {
        const after = (await shop.report()).backForward['/']!
        return {
          restored: after.restored - before.restored,
          loadedAgain: after.loadedAgain - before.loadedAgain,
          reasons: after.reasons,
        }
      },
      { timeout: 10_000 },
    )
    .toEqual({
      restored: 0,
      loadedAgain: 1,
      reasons: Object.fromEntries(reasons!.map((reason) => [reason, (before.reasons[reason] ?? 0) + 1])),
    })
  expect(watched.problems).toEqual([])
  await context.close()
})
