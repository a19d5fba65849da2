import type { Browser } from 'playwright-core'
import { afterAll, afterEach, beforeAll, expect, test } from 'vitest'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'
import { hydrated, launchChromium, PHONE, screenshot, unexpectedProblems, watch, watchEveryPage } from './browser.ts'

// The sheet away from the product (client/cart/sheet-market.ts): on the Terms, About or the
// 404 page it prices its lines, says its note and makes its checkout in one market, the
// shopper's, whatever market the lines were added in. The total shown is the total charged.

let browser: Browser
const shops = {} as Record<'CA' | 'JP', Shop>
beforeAll(async () => {
  const [launched, canada, japan] = await Promise.all([
    launchChromium(),
    startShop({ LOCAL_SHOPPER_COUNTRY: 'CA' }),
    startShop({ LOCAL_SHOPPER_COUNTRY: 'JP' }),
  ])
  browser = launched
  Object.assign(shops, { CA: canada, JP: japan })
  watchEveryPage(browser)
})
afterEach(() => expect(unexpectedProblems()).toEqual([]))
afterAll(async () => {
  await browser?.close()
  await Promise.all(Object.values(shops).map((shop) => shop.dispose()))
})

/** Adds the blanket on the German page, then opens the sheet on `path`: what it shows there. */
async function addInGermanyThenOpen(shop: Shop, path: string, locale: string) {
  const context = await browser.newContext({ viewport: PHONE, locale })
  const page = await context.newPage()
  // The 404 page's own status, which the console reports.
  if (path.startsWith('/no/')) watch(page, context).expected.push(new RegExp(`404.*${path}`))
  await page.goto(`${shop.origin}/en-de/product/toddler-blanket`)
  await hydrated(page)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByTestId('cart-button').click()
  // On the German page the sheet is the German page's: its price, its note, its checkout.
  expect(await page.getByTestId('cart-total').textContent()).toBe('€35.00')
  expect(await page.getByTestId('cart-tax-words').textContent()).toBe('incl. VAT')
  expect(await page.getByTestId('cart-market-note').innerText()).toContain('Ships to Germany.')
  await page.goto(`${shop.origin}${path}`)
  await hydrated(page)
  await page.getByTestId('cart-button').click()
  await expect.poll(() => page.getByTestId('cart-total').textContent()).not.toBe('')
  return { page, context }
}

test('a Canadian who added the blanket on the German page opens the sheet on the Terms: Canada’s price, note and checkout, in French', async () => {
  const { page, context } = await addInGermanyThenOpen(shops.CA, '/terms', 'fr-CA')
  expect(await page.getByTestId('line-price').textContent()).toBe('CA$52.00')
  expect(await page.getByTestId('cart-total').textContent()).toBe('CA$52.00')
  // Canada's taxes are added at checkout, where Germany's price included VAT.
  expect(await page.getByTestId('cart-tax-words').textContent()).toBe('+ sales tax at checkout')
  expect(await page.getByTestId('cart-market-note').innerText()).toContain('Ships to Canada.')
  await screenshot(page, 'traveller-CA-terms-sheet')
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Checkout with Shopify' }).click(),
  ])
  await tab.waitForURL(/\/checkouts\/cn\//)
  expect(await tab.locator('#total').textContent()).toBe('CA$52.00')
  expect(new URL(tab.url()).searchParams.get('locale')).toBe('fr')
  await context.close()
})

test('a shopper in Japan opens the sheet on a 404 page: told Japan is not shipped to, and the total is the dollars the checkout charges', async () => {
  const { page, context } = await addInGermanyThenOpen(shops.JP, '/no/such/page', 'ja-JP')
  expect(await page.getByTestId('cart-total').textContent()).toBe('$38.00')
  expect(await page.getByTestId('cart-market-note').innerText()).toContain('We don’t ship to Japan yet.')
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Checkout with Shopify' }).click(),
  ])
  await tab.waitForURL(/\/checkouts\/cn\//)
  expect(await tab.locator('#total').textContent()).toBe('$38.00')
  await context.close()
})
