import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { chdbAvailable } from '../../scripts/report/clickhouse.ts'
import { hydrated, openPage, PHONE } from './browser.ts'
import { badge, browser, checkoutTab, payAndComeBack, setUpShopInChromium, shop } from './shop-in-chromium.ts'

// The whole way, as a shopper and the owner see it: a campaign's link, the product page, two
// blankets, Shopify's checkout, Pay, an empty cart back in the shop's tab, and the order in
// `npm run report` under the campaign; no cookie at any step.
setUpShopInChromium({ SHOPIFY_WEBHOOK_SECRET: 'whsec-orders-walk' })

const reportText = async () =>
  (await promisify(execFile)('npm', ['run', '--silent', 'report', '--', '--local', shop.origin])).stdout

/** Every Set-Cookie the shop's own answers carried in `context`. */
function cookiesSet(context: BrowserContext): string[] {
  const set: string[] = []
  context.on('response', async (response) => {
    if (!response.url().startsWith(shop.origin)) return
    for (const { name, value } of await response.headersArray())
      if (name.toLowerCase() === 'set-cookie') set.push(`${response.url()}: ${value}`)
  })
  return set
}

/** Lands on `landing`, goes to the product page, adds two blankets, checks out and pays; the checkout's tab. */
async function walk(page: Page, context: BrowserContext, landing: string) {
  await page.goto(`${shop.origin}${landing}`)
  await hydrated(page)
  expect(await page.evaluate(() => document.cookie)).toBe('')
  await page.goto(`${shop.origin}/product/toddler-blanket`)
  await hydrated(page)
  for (const _ of [1, 2]) {
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.getByText('Added to cart!').first().waitFor()
  }
  await expect.poll(() => badge(page).textContent()).toBe('2')
  const tab = await checkoutTab(page, context)
  expect(await tab.locator('#total').textContent()).toBe('$76.00')
  const checkout = { url: new URL(tab.url()), attributes: await tab.locator('#attributes').textContent() }
  // Back in the shop's tab: it asks after its cart, and empties it.
  await payAndComeBack(tab, page)
  await expect.poll(() => badge(page).count(), { timeout: 10_000 }).toBe(0)
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!).items).toEqual([])
  expect(await page.evaluate(() => document.cookie)).toBe('')
  return checkout
}

describe('an order, from the campaign’s link to the report', () => {
  test.runIf(chdbAvailable)(
    'giftguide/xmas: carried to the checkout, paid, counted under its campaign in dollars, the cart emptied, no cookie',
    async () => {
      const { page, context } = await openPage(browser, PHONE)
      const cookies = cookiesSet(context)
      const checkout = await walk(page, context, '/?utm_source=giftguide&utm_campaign=xmas')
      // Shopify's reports read the address; the order keeps the attributes, hidden from the buyer.
      expect(checkout.url.searchParams.get('utm_source')).toBe('giftguide')
      expect(checkout.url.searchParams.get('utm_campaign')).toBe('xmas')
      expect(checkout.attributes).toMatch(/^_utm_source=giftguide&_utm_campaign=xmas&_landing=\/&_landed_at=/)
      expect(await page.evaluate(() => localStorage.getItem('shopify-cart-source'))).toMatch(/"utm_source":"giftguide"/)
      // (Its page views come with the pages' beacons, on their own time: their count is the worker tier's.)
      await expect
        .poll(reportText, { timeout: 15_000 })
        .toMatch(/\n {2}giftguide \/ xmas +\d+ +1 +(?:[\d.]+% +)?\$76\.00\n/)
      const text = await reportText()
      expect(text).toMatch(/\n {2}USD +ZZ +\d+ +\d+ +\$[\d,.]+\n/)
      expect(text).toMatch(/Checkout to order: p50 \d+ s/)
      expect(cookies).toEqual([])
      expect(await context.cookies(shop.origin)).toEqual([])
    },
  )

  test.runIf(chdbAvailable)(
    'with Global Privacy Control: nothing kept, the checkout given nothing, and the order still counted, under direct',
    async () => {
      const { page, context } = await openPage(browser, PHONE, async (context) => {
        await context.setExtraHTTPHeaders({ 'Sec-GPC': '1' })
        await context.addInitScript(() =>
          Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
        )
      })
      const cookies = cookiesSet(context)
      const directBefore = (await shop.report()).sources.find((row) => row.source === 'direct')?.orders ?? 0
      const checkout = await walk(page, context, '/?utm_source=giftguide&utm_campaign=gpc-walk')
      expect(checkout.url.searchParams.has('utm_source')).toBe(false)
      expect(checkout.attributes).toBe('')
      expect(await page.evaluate(() => localStorage.getItem('shopify-cart-source'))).toBeNull()
      await expect
        .poll(async () => (await shop.report()).sources.find((row) => row.source === 'direct')?.orders ?? 0, {
          timeout: 15_000,
        })
        .toBe(directBefore + 1)
      expect((await shop.report()).sources.find((row) => row.campaign === 'gpc-walk')).toBeUndefined()
      expect(cookies).toEqual([])
    },
  )

  test('a shopper who leaves the campaign’s page before it is live still arrives from the campaign', async () => {
    const watched = await openPage(browser, PHONE)
    const { page, context } = watched
    // The code that notes the arrival once the page is live never comes on the landing page.
    watched.expected.push(/after-hydration|Failed to load resource/)
    await context.route(/\/assets\/after-hydration-[\w-]+\.js$/, (route) => route.abort())
    await page.goto(`${shop.origin}/?utm_source=newsletter&utm_campaign=advent`)
    await hydrated(page)
    expect(await page.evaluate(() => localStorage.getItem('shopify-cart-source'))).toBeNull()
    await context.unroute(/\/assets\/after-hydration-[\w-]+\.js$/)
    await page.goto(`${shop.origin}/product/toddler-blanket`)
    await hydrated(page)
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('shopify-cart-source')))
      .toMatch(/"last":\{"at":\d+,"utm_source":"newsletter","utm_campaign":"advent","landing":"\/"\}/)
  })
})
