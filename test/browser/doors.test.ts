import { expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { hydrated, PHONE, screenshot } from './browser.ts'
import { badge, drawer, shop, setUpShopInChromium, visit } from './shop-in-chromium.ts'

// Doors Shopify opens onto the shop's domain, as a shopper's browser goes through them
// (src/routes/doors.ts): a catalog's cart permalink to Shopify's checkout, and the way back.
setUpShopInChromium()

const VARIANT = BLANKET_VARIANT_ID.split('/').pop()!

test('a catalog-style /cart/{variant}:2 link lands on Shopify’s checkout holding those lines, sent no referrer', async () => {
  const { page } = await visit('/about', PHONE)
  const referers: (string | undefined)[] = []
  page.on('request', (request) => request.url().includes('/checkouts/cn/') && referers.push(request.headers().referer))
  await page.goto(`${shop.origin}/cart/${VARIANT}:2?discount=WELCOME10`)
  await page.waitForURL(/\/checkouts\/cn\//)
  expect(await page.locator('[data-qty]').textContent()).toBe('2')
  expect(await page.locator('#discounts').textContent()).toBe('WELCOME10')
  expect(referers).toEqual([undefined])
  // The shopper's own stored cart is left as it was: empty.
  await page.goto(`${shop.origin}/about`)
  await hydrated(page)
  expect(await page.evaluate(() => localStorage.getItem('shopify-cart'))).toBeNull()
})

test('back through /cart from Shopify’s checkout: the sheet open over the landing page, the stored cart unchanged, and no dead step of history', async () => {
  const { page } = await visit('/product/toddler-blanket', PHONE)
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('shopify-cart') ?? '{}').items?.[0]?.quantity))
    .toBe(1)
  const stored = await page.evaluate(() => localStorage.getItem('shopify-cart'))
  // Shopify's checkout's 'Cart' link: the browser says it comes from Shopify's domain.
  await page.goto(`${shop.origin}/cart`, { referer: `${shop.doubleOrigin}/checkouts/cn/abc` })
  await hydrated(page)
  await drawer(page).waitFor()
  expect(new URL(page.url()).pathname + new URL(page.url()).hash).toBe('/')
  expect(await page.getByTestId('cart-subtitle').textContent()).toBe('1 item in your cart')
  expect(await badge(page).textContent()).toBe('1')
  expect(await page.evaluate(() => localStorage.getItem('shopify-cart'))).toBe(stored)
  await screenshot(page, 'back-through-cart-phone')
  // Back closes the sheet; the next Back is the page before the checkout, no step in between.
  await page.goBack()
  await expect.poll(() => drawer(page).count()).toBe(0)
  expect(new URL(page.url()).pathname).toBe('/')
  await page.goBack()
  await page.waitForURL(`${shop.origin}/product/toddler-blanket`)
})

test('a discount link: the sheet says the code will be applied at checkout', async () => {
  const { page } = await visit('/about', PHONE)
  await page.goto(`${shop.origin}/discount/WELCOME10?redirect=/product/toddler-blanket`)
  await page.waitForURL(`${shop.origin}/product/toddler-blanket`)
  await hydrated(page)
  await page.getByTestId('cart-button').click()
  await drawer(page).waitFor()
  expect(await page.getByTestId('cart-discount').textContent()).toBe(
    'Discount code WELCOME10 will be applied at checkout.',
  )
})
