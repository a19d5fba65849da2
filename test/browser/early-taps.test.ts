// A tap on a buy button before the app is live ends as the same tap does after it
// (src/render/start-app.ts holds it, client/lib/held-taps.ts replays it): on top of the
// stored cart, never a trip to Shopify's checkout with one blanket.
import { describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog'
import { expectClean, hydrated, openPage, PHONE } from './browser'
import { badge, browser, drawer, shop, useShopInChromium } from './shop-in-chromium'

useShopInChromium()

const TWO_BLANKETS = JSON.stringify({
  items: [{ variantId: BLANKET_VARIANT_ID, variantTitle: 'Default Title', quantity: 2, price: { amount: '38.0', currencyCode: 'USD' }, selectedOptions: [], product: { title: 'Square Friends Fleece Blanket', handle: 'toddler-blanket', images: { edges: [] } } }],
  cartId: null,
  checkoutUrl: null,
})

/** A phone with 2 blankets stored and every script of the app held back until `release()`. */
async function openWithScriptsHeld(path: string) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const watched = await openPage(browser, PHONE, async (context) => {
    await context.addInitScript((cart) => localStorage.getItem('shopify-cart') ?? localStorage.setItem('shopify-cart', cart), TWO_BLANKETS)
    await context.route(/\/assets\/[\w-]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
  })
  const checkoutRequests: string[] = []
  watched.page.on('request', (request) => {
    if (request.method() === 'POST' || /\/checkouts\//.test(request.url())) checkoutRequests.push(`${request.method()} ${request.url()}`)
  })
  await watched.page.goto(shop.origin + path, { waitUntil: 'commit' })
  return { ...watched, release, checkoutRequests }
}

describe('a buy tap before the app is live', () => {
  test("landing: 'Order Now' tapped while the scripts are held adds one to the stored two and opens the sheet", async () => {
    const watched = await openWithScriptsHeld('/')
    const { page } = watched
    const order = page.getByRole('button', { name: 'Only $38 – Order Now!' }).first()
    await order.waitFor()
    await order.click()
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined() // the tap came before the app
    watched.release()
    await hydrated(page)
    await drawer(page).waitFor()
    await expect.poll(() => badge(page).textContent()).toBe('3')
    await expect.poll(() => page.getByTestId('cart-subtitle').textContent()).toBe('3 items in your cart')
    await expect.poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!).items[0].quantity).toBe(3)
    expect(page.url()).toBe(shop.origin + '/')
    expect(watched.checkoutRequests).toEqual([])
    expectClean(watched)
  })

  test("product page: 'Add to Cart' tapped twice while the scripts are held adds two and says 'Added to cart!'", async () => {
    const watched = await openWithScriptsHeld('/product/toddler-blanket')
    const { page } = watched
    const add = page.getByRole('button', { name: 'Add to Cart' })
    await add.waitFor()
    await add.click()
    await add.click()
    watched.release()
    await hydrated(page)
    await page.getByText('Added to cart!').first().waitFor()
    await expect.poll(() => badge(page).textContent()).toBe('4')
    expect(await drawer(page).count()).toBe(0)
    expect(page.url()).toBe(shop.origin + '/product/toddler-blanket')
    expect(watched.checkoutRequests).toEqual([])
    expectClean(watched)
  })

  test('a tap once the app is live is not held: it adds exactly one', async () => {
    const watched = await openWithScriptsHeld('/product/toddler-blanket')
    const { page } = watched
    watched.release()
    await hydrated(page)
    await expect.poll(() => page.getByRole('button', { name: 'Add to Cart' }).getAttribute('data-live')).toBe('')
    await expect.poll(() => badge(page).textContent()).toBe('2')
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect.poll(() => badge(page).textContent()).toBe('3')
    expect(await page.evaluate(() => window.__heldTaps?.held.length)).toBe(0)
    expectClean(watched)
  })
})
