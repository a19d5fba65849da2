import { expect, test } from 'vitest'
import { DESKTOP, hydrated, openPage } from './browser.ts'
import { browser, shop, setUpShopInChromium } from './shop-in-chromium.ts'

setUpShopInChromium()

// The checkout's order (client/cart/use-checkout.ts): the cart is asked for first, the tab
// opened second, since opening a tab took a throttled phone 160-360 ms that the request used
// to wait behind (bench/README.md, 'The tap to checkout'). No timing says so reliably on a
// shared machine; the order of the two calls does, and this records it as the page makes them.
test('the POST /checkout leaves before the checkout’s tab is opened, within the same tap', async () => {
  const { page, context } = await openPage(browser, DESKTOP, (context) =>
    context.addInitScript(() => {
      const calls: string[] = ((window as unknown as { checkoutCalls: string[] }).checkoutCalls = [])
      const { fetch, open } = window
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input)
        if (new URL(url, location.href).pathname === '/checkout') calls.push(`${init?.method ?? 'GET'} /checkout`)
        return fetch(input, init)
      }
      window.open = (...args) => {
        calls.push('window.open')
        return open(...args)
      }
    }),
  )
  await page.goto(`${shop.origin}/`)
  await hydrated(page)
  await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Checkout with Shopify' }).click(),
  ])
  await tab.waitForURL(/\/checkouts\/cn\//)
  expect(await page.evaluate(() => (window as unknown as { checkoutCalls: string[] }).checkoutCalls)).toEqual([
    'POST /checkout',
    'window.open',
  ])
})
