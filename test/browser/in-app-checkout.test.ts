import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { IN_APP } from '../in-app-agents.ts'
import { hydrated, openPage, PHONE, screenshot } from './browser.ts'
import { browser, drawer, setUpShopInChromium, shop } from './shop-in-chromium.ts'

// The checkout from inside social apps (client/cart/use-checkout.ts): an in-app browser, or
// a tab that never leaves its blank page while the shop's is still in front, goes to the
// checkout in the shop's own tab; the field report counts where each checkout opened.
setUpShopInChromium()

/** Where the field analytics say this shop's checkouts opened (checkout_ready's `opened`), as the stand-in stores them. */
const openings = async () =>
  (await shop.analyticsRows()).filter((row) => row.blob1 === 'checkout_ready').map((row) => row.blob7)

/** The product page, once the collector (client/analytics/collector.ts) that sends the count is there. */
async function openProduct(page: Page) {
  const collector = page.waitForResponse((response) => /\/assets\/collector-[\w-]+\.js$/.test(response.url()))
  await page.goto(`${shop.origin}/product/toddler-blanket`)
  await hydrated(page)
  await collector
}

async function tapCheckout(page: Page) {
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByTestId('cart-button').click()
  await page.getByRole('button', { name: 'Checkout with Shopify' }).click()
}

/** A phone page whose timers run on Playwright's clock (shop-in-chromium.ts, `visit`). */
const onClock = () => openPage(browser, PHONE, (context) => context.clock.install())

test.each(['Facebook', 'Instagram'] as const)(
  'in %s’s in-app browser the checkout opens in the shop’s tab, and the report counts it',
  async (app) => {
    const before = (await openings()).filter((opened) => opened === 'in-app').length
    const context = await browser.newContext({ viewport: PHONE, userAgent: IN_APP[app], isMobile: true })
    const page = await context.newPage()
    let tabs = 0
    context.on('page', () => tabs++)
    await openProduct(page)
    await tapCheckout(page)
    await page.waitForURL(/\/checkouts\/cn\//)
    expect(await page.locator('#total').textContent()).toBe('$38.00')
    expect(tabs).toBe(0)
    await expect.poll(async () => (await openings()).filter((opened) => opened === 'in-app').length).toBe(before + 1)
    await context.close()
  },
)

/** The wait the shopper is promised (docs/product.md: 3 s), given here, not read from the code, so a longer one fails. */
const STUCK_AFTER_MS = 3_000

test('a window.open that gives back a window that never loads: the checkout goes in the shop’s tab after 3 s', async () => {
  const before = (await openings()).filter((opened) => opened === 'stuck').length
  const { page } = await onClock()
  await openProduct(page)
  // As some apps' webviews do: a window whose address never changes, whatever it is told.
  await page.evaluate(() => {
    const never = {
      closed: false,
      opener: null as unknown,
      document: { title: '', body: { textContent: '' } },
      location: {
        get href() {
          return 'about:blank'
        },
        set href(_: string) {},
      },
      close() {
        never.closed = true
      },
    }
    window.open = () => never as unknown as Window
  })
  await tapCheckout(page)
  await expect.poll(() => drawer(page).count()).toBe(0)
  // Nothing happens before its time…
  await page.clock.runFor(STUCK_AFTER_MS - 100)
  expect(new URL(page.url()).pathname).toBe('/product/toddler-blanket')
  // …and then the checkout, in this tab.
  await page.clock.runFor(200)
  await page.waitForURL(/\/checkouts\/cn\//)
  expect(await page.locator('#total').textContent()).toBe('$38.00')
  await expect.poll(async () => (await openings()).filter((opened) => opened === 'stuck').length).toBe(before + 1)
})

test('a plain Chromium still opens the checkout in a tab of its own, and the shop’s tab stays on the shop', async () => {
  const { page, context } = await onClock()
  await openProduct(page)
  const [tab] = await Promise.all([context.waitForEvent('page'), tapCheckout(page)])
  await tab.waitForURL(/\/checkouts\/cn\//)
  await page.clock.runFor(STUCK_AFTER_MS + 100)
  expect(new URL(page.url()).pathname).toBe('/product/toddler-blanket')
  await screenshot(page, 'checkout-tab-shop-stays')
  // Leaving the page sends what it tracked.
  await page.goto(`${shop.origin}/about`)
  await expect.poll(async () => (await openings()).includes('tab')).toBe(true)
})
