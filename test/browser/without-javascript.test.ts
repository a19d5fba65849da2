import { describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { PHONE, watch } from './browser.ts'
import { appModules } from '../../scripts/harness/shop.ts'
import { shop, browser, visit, drawer, setUpShopInChromium } from './shop-in-chromium.ts'

setUpShopInChromium()

describe('without JavaScript, or before it arrives', () => {
  test.each([
    ['the landing page', '/', 'Only $38 – Order Now!'],
    ['the product page', '/product/toddler-blanket', 'Add to Cart'],
  ])(
    'with JavaScript off, %s buys: its buy form posts to /checkout and lands on Shopify’s checkout',
    async (_, path, button) => {
      const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false })
      const page = await context.newPage()
      await page.goto(shop.origin + path)
      const carts = shop.double.callsOf('CartCreate').length
      for (const order of await page.getByRole('button', { name: button }).all()) {
        await Promise.all([page.waitForURL(/\/checkouts\/cn\/.*channel=online_store/), order.click()])
        await page.goBack()
      }
      const created = shop.double.callsOf('CartCreate').slice(carts)
      expect(created.length).toBe(path === '/' ? 2 : 1) // every buy button on the page
      for (const call of created)
        expect(call.variables).toMatchObject({ input: { lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] } })
      await context.close()
    },
  )

  // A tap before the app is live is held for it (early-taps.test.ts); should its code never
  // come, the page buys as it does with JavaScript off.
  test("when the app's code fails to load, a buy tap still buys through the form", async () => {
    const context = await browser.newContext({ viewport: PHONE })
    const page = await context.newPage()
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort())
    watch(page, context).expected.push(/Failed to load resource: net::ERR_FAILED .*\/assets\/.*\.js\)$/) // what this test does
    const modules = appModules(await (await shop.fetch('/')).text())
    const failed = new Set<string>()
    page.on('requestfailed', (request) => failed.add(new URL(request.url()).pathname))
    await page.goto(`${shop.origin}/`)
    const order = page.getByRole('button', { name: 'Only $38 – Order Now!' }).first()
    await expect.poll(() => modules.every((src) => failed.has(src))).toBe(true)
    await Promise.all([page.waitForURL(/\/checkouts\/cn\//), order.click()])
    await context.close()
  })

  test('once the app is live, the same buttons fill the cart instead', async () => {
    const { page, context } = await visit('/')
    const carts = shop.double.callsOf('CartCreate').length
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await drawer(page).waitFor()
    expect(page.url()).toBe(`${shop.origin}/`)
    expect(shop.double.callsOf('CartCreate')).toHaveLength(carts)
    await context.close()
  })

  test('with JavaScript off, Product Details opens', async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${shop.origin}/product/toddler-blanket`)
    expect(await page.getByTestId('product-details').isVisible()).toBe(false)
    await page.locator('summary', { hasText: 'Product Details' }).click()
    expect(await page.getByTestId('product-details').innerText()).toContain('100% polyester')
    await context.close()
  })

  // Splide's stylesheet hides a carousel until Splide has mounted on it, unless the server
  // marks it as already drawn: without that, the phone's largest picture waited for the code.
  // The dots are drawn by the server too, but only shown once a tap on them is taken.
  test("with JavaScript off, the phone's hero picture and the lifestyle pictures show, and no dot that would do nothing", async () => {
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${shop.origin}/`)
    expect(await page.locator('#hero-carousel img').first().isVisible()).toBe(true)
    expect(await page.locator('#hero-carousel .splide__pagination__page').count()).toBe(5)
    for (const dot of await page.locator('.splide__pagination__page').all()) expect(await dot.isVisible()).toBe(false)
    await page.locator('#lifestyle-carousel').scrollIntoViewIfNeeded()
    expect(await page.locator('#lifestyle-carousel img').first().isVisible()).toBe(true)
    await context.close()
  })
})
