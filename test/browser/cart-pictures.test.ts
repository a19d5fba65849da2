import { describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID, blanket } from '../../storefront-double/catalog.ts'
import { expectClean, hydrated, openPage, PHONE } from './browser.ts'
import { shop, browser, visit, badge, drawer, setUpShopInChromium } from './shop-in-chromium.ts'

// The stored cart's lines keep their pictures, in the shape docs/product.md gives them and the
// flat one saved before it (the rest of the stored cart: cart-storage.test.ts).
setUpShopInChromium()

describe('the stored cart and its pictures', () => {
  const folded = { url: '/images/character-koala.svg', altText: 'The blanket folded' }
  const cartWith = (images: unknown) => ({
    items: [
      {
        variantId: BLANKET_VARIANT_ID,
        variantTitle: 'x',
        quantity: 2,
        price: { amount: '38.0', currencyCode: 'USD' },
        selectedOptions: [],
        product: { title: 'Square Friends Fleece Blanket', handle: 'toddler-blanket', images },
      },
    ],
    cartId: null,
    checkoutUrl: null,
  })

  test.each([
    ['the shape of docs/product.md (edges of nodes)', { edges: [{ node: folded }] }],
    ['the flat shape saved before it', [folded]],
  ])('a cart saved in %s is read back with its picture, and written back in that shape', async (_, images) => {
    const watched = await openPage(browser, PHONE, (context) =>
      context.addInitScript((value) => localStorage.setItem('shopify-cart', value), JSON.stringify(cartWith(images))),
    )
    const { page } = watched
    await page.goto(`${shop.origin}/`)
    await hydrated(page)
    await expect.poll(() => badge(page).textContent()).toBe('2')
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await drawer(page).waitFor()
    const picture = page.getByTestId('cart-line').getByRole('img')
    expect(new URL((await picture.getAttribute('src'))!, shop.origin).pathname).toBe('/images/character-koala.svg')
    expect(await picture.getAttribute('alt')).toBe('The blanket folded')
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!)
    expect(stored.items[0].quantity).toBe(3)
    expect(stored.items[0].product.images).toEqual({ edges: [{ node: folded }] })
    expectClean(watched)
  })

  test("a line shows its variant's own picture when the variant has one", async () => {
    const sunny = blanket()
    sunny.handle = 'sunny-blanket'
    sunny.variants[0] = {
      ...sunny.variants[0]!,
      title: 'Sunny Stripes',
      image: { file: 'blanket-4.jpg', altText: 'The Sunny Stripes print' },
    }
    shop.double.products.set('sunny-blanket', sunny)
    const watched = await visit('/product/sunny-blanket')
    const { page } = watched
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.getByTestId('cart-button').click()
    await drawer(page).waitFor()
    const picture = page.getByTestId('cart-line').getByRole('img')
    expect(await picture.getAttribute('src')).toMatch(
      /\/cdn\/shop\/files\/blanket-4\.jpg\?v=1&width=\d+&height=\d+&crop=center$/,
    )
    expect(await picture.getAttribute('srcset')).toContain('blanket-4.jpg?v=1&width=176&height=176&crop=center 176w')
    expect(await picture.getAttribute('sizes')).toBe('80px')
    expect(await picture.getAttribute('alt')).toBe('The Sunny Stripes print')
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!)
    expect(stored.items[0].product.images.edges[0].node).toEqual({
      url: expect.stringMatching(/\/cdn\/shop\/files\/blanket-4\.jpg\?v=1$/),
      altText: 'The Sunny Stripes print',
    })
    await page.context().close()
  })
})
