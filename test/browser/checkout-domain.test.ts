import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'
import { launchChromium, openPage } from './browser.ts'

// A real shop's checkoutUrl is on its own checkout domain, not on the Storefront API's host,
// and Chromium checks CSP form-action on the 303 that follows a form post. Here the double's
// checkout answers on localhost while its API is on 127.0.0.1: another origin.

let browser: Browser
const shops: Shop[] = []
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
  await Promise.all(shops.map((shop) => shop.dispose()))
})

const checkoutHost = (doubleOrigin: string) => new URL(doubleOrigin).host.replace('127.0.0.1', 'localhost')

async function shopWithForeignCheckout(vars: (doubleOrigin: string) => Record<string, string>) {
  const shop = await startShop(vars)
  shops.push(shop)
  shop.double.checkoutOrigin = `http://${checkoutHost(shop.doubleOrigin)}`
  return shop
}

/** Posts the no-JavaScript checkout form from one of the shop's pages, under its CSP. */
async function postCheckoutForm(page: Page) {
  await page.evaluate((variant) => {
    const form = document.createElement('form')
    form.method = 'post'
    form.action = '/checkout'
    form.innerHTML = `<input type="hidden" name="merchandiseId" value="${variant}"><input type="hidden" name="quantity" value="1">`
    document.body.appendChild(form)
    form.submit()
  }, BLANKET_VARIANT_ID)
}

test('with CHECKOUT_DOMAIN set, the form post follows the 303 to the checkout on its own domain', async () => {
  const shop = await shopWithForeignCheckout((origin) => ({ CHECKOUT_DOMAIN: checkoutHost(origin) }))
  const { page, problems } = await openPage(browser, { width: 390, height: 844 })
  await page.goto(`${shop.origin}/about`)
  await Promise.all([page.waitForURL(/\/checkouts\/cn\//), postCheckoutForm(page)])
  expect(new URL(page.url()).host).toBe(checkoutHost(shop.doubleOrigin))
  expect(await page.locator('body').textContent()).toContain('Checkout')
  // (The double's checkout page has no favicon; what matters here is the policy.)
  expect(problems.filter((problem) => /Content Security Policy|form-action/i.test(problem))).toEqual([])
  await page.context().close()
})

test('without it, Chromium blocks the redirect to a checkout domain the policy does not name', async () => {
  const shop = await shopWithForeignCheckout(() => ({}))
  const { page, problems } = await openPage(browser, { width: 390, height: 844 })
  await page.goto(`${shop.origin}/about`)
  await postCheckoutForm(page)
  await expect.poll(() => problems.join('\n')).toMatch(/form-action/)
  expect(page.url()).not.toMatch(/\/checkouts\/cn\//)
  await page.context().close()
})
