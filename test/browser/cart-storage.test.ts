import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { DESKTOP, expectClean, hydrated, openPage, PHONE } from './browser.ts'
import { shop, browser, visit, badge, drawer, setUpShopInChromium } from './shop-in-chromium.ts'
import { storedCartOf } from './stored-carts.ts'

setUpShopInChromium()

describe('the cart, kept in storage', () => {
  test('two tabs changing the cart converge', async () => {
    const first = await visit('/', DESKTOP)
    const second = watchedPage(await first.context.newPage())
    await second.goto(`${shop.origin}/about`)
    await hydrated(second)
    await first.page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await expect.poll(() => badge(second).textContent()).toBe('1')
    await second.getByTestId('cart-button').click()
    await second.getByRole('button', { name: 'One more Square Friends Fleece Blanket' }).click()
    await expect.poll(() => badge(first.page).textContent()).toBe('2')
  })

  test.each([
    ['not JSON', '{"items": [oops'],
    ['wrong types', JSON.stringify({ items: 'lots', cartId: 5, checkoutUrl: {} })],
    [
      'a negative quantity',
      JSON.stringify({
        items: [
          {
            variantId: BLANKET_VARIANT_ID,
            variantTitle: 'x',
            quantity: -4,
            price: { amount: '38.0', currencyCode: 'USD' },
            selectedOptions: [],
            product: { title: 'x', handle: 'x', images: [] },
          },
        ],
        cartId: null,
        checkoutUrl: null,
      }),
    ],
    [
      'a huge quantity',
      JSON.stringify({
        items: [
          {
            variantId: BLANKET_VARIANT_ID,
            variantTitle: 'x',
            quantity: 1e12,
            price: { amount: '38.0', currencyCode: 'USD' },
            selectedOptions: [],
            product: { title: 'x', handle: 'x', images: [] },
          },
        ],
        cartId: null,
        checkoutUrl: null,
      }),
    ],
    [
      'thousands of lines',
      JSON.stringify({
        items: Array.from({ length: 5000 }, (_, i) => ({
          variantId: `gid://shopify/ProductVariant/${i}`,
          variantTitle: 'x',
          quantity: 1,
          price: { amount: '1.0', currencyCode: 'USD' },
          selectedOptions: [],
          product: { title: 'x', handle: 'x', images: [] },
        })),
        cartId: null,
        checkoutUrl: null,
      }),
    ],
    [
      'a script URL for an image',
      JSON.stringify({
        items: [
          {
            variantId: BLANKET_VARIANT_ID,
            variantTitle: 'x',
            quantity: 1,
            price: { amount: '38.0', currencyCode: 'USD' },
            selectedOptions: [],
            product: { title: 'x', handle: 'x', images: [{ url: 'javascript:alert(1)', altText: null }] },
          },
        ],
        cartId: null,
        checkoutUrl: null,
      }),
    ],
  ])('corrupted storage (%s) becomes a clean cart, never a crash', async (_, stored) => {
    const watched = await openPage(browser, PHONE, (context) =>
      context.addInitScript((value) => localStorage.setItem('shopify-cart', value), stored),
    )
    await watched.page.goto(`${shop.origin}/`)
    await hydrated(watched.page)
    await watched.page.getByTestId('cart-button').click()
    await watched.page.getByTestId('cart-empty').waitFor()
    expect(await badge(watched.page).count()).toBe(0)
    await watched.page.keyboard.press('Escape')
    await expect.poll(() => drawer(watched.page).count()).toBe(0)
    await watched.page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await expect.poll(() => watched.page.getByTestId('cart-subtitle').textContent()).toBe('1 item in your cart')
    expectClean(watched)
  })

  test.each([
    ['nothing stored (a first visit)', null, false],
    ['a stored cart', 2, true],
  ])('with %s, the cart validator is fetched only if there is something to validate', async (_, quantity, fetched) => {
    const watched = await openPage(
      browser,
      PHONE,
      quantity === null
        ? undefined
        : (context) =>
            context.addInitScript(
              (value) => localStorage.setItem('shopify-cart', value),
              JSON.stringify(storedCartOf(quantity)),
            ),
    )
    const scripts: string[] = []
    watched.page.on(
      'request',
      (request) => request.resourceType() === 'script' && scripts.push(new URL(request.url()).pathname),
    )
    await watched.page.goto(`${shop.origin}/`)
    await hydrated(watched.page)
    await watched.page.waitForLoadState('networkidle')
    if (quantity !== null) await expect.poll(() => badge(watched.page).textContent()).toBe(String(quantity))
    else expect(await badge(watched.page).count()).toBe(0)
    expect(scripts.some((src) => /\/stored-cart-[\w-]+\.js$/.test(src))).toBe(fetched)
    // Either way the cart works, and what is added is kept.
    await watched.page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await expect.poll(() => badge(watched.page).textContent()).toBe(String((quantity ?? 0) + 1))
    expect(
      JSON.parse((await watched.page.evaluate(() => localStorage.getItem('shopify-cart')))!).items[0].quantity,
    ).toBe((quantity ?? 0) + 1)
    expectClean(watched)
  })

  test('with storage unavailable the cart still works for the visit', async () => {
    const watched = await openPage(browser, PHONE, (context) =>
      context.addInitScript(() => {
        Object.defineProperty(window, 'localStorage', {
          get: () => {
            throw new DOMException('blocked', 'SecurityError')
          },
        })
      }),
    )
    await watched.page.goto(`${shop.origin}/`)
    await hydrated(watched.page)
    await watched.page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await watched.page.getByRole('button', { name: 'One more Square Friends Fleece Blanket' }).click()
    await expect.poll(() => watched.page.getByTestId('cart-total').textContent()).toBe('$76.00')
    expectClean(watched)
  })

  test('with storage full the cart still works for the visit', async () => {
    const watched = await openPage(browser, PHONE, (context) =>
      context.addInitScript(() => {
        Storage.prototype.setItem = () => {
          throw new DOMException('full', 'QuotaExceededError')
        }
      }),
    )
    await watched.page.goto(`${shop.origin}/`)
    await hydrated(watched.page)
    await watched.page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await expect.poll(() => badge(watched.page).textContent()).toBe('1')
    expectClean(watched)
  })
})

function watchedPage(page: Page) {
  page.on('pageerror', (error) => {
    throw error
  })
  return page
}
