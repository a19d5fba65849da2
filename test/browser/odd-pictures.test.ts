import { describe, expect, test } from 'vitest'
import { blanket } from '../../storefront-double/catalog.ts'
import { DESKTOP } from './browser.ts'
import { setUpShopInChromium, shop, visit } from './shop-in-chromium.ts'

// A product whose first picture is odd, as Shopify may give it: the page still renders, keeps
// its layout and names the picture (pictures.test.ts has the pictures as they should be).
setUpShopInChromium()

describe("Shopify's odd pictures", () => {
  test.each([
    [
      'of unknown size that answers 404',
      { file: 'no-such-photo.jpg', altText: 'A picture that is gone' },
      'A picture that is gone',
    ],
    [
      'hosted outside Shopify (no transforms, no size)',
      { elsewhere: 'blanket-3.jpg', altText: 'From elsewhere' },
      'From elsewhere',
    ],
    ['without alt text', { file: 'blanket-2.jpg', altText: null }, 'Square Friends Fleece Blanket'],
    ['with empty alt text', { file: 'blanket-2.jpg', altText: '' }, 'Square Friends Fleece Blanket'],
  ])('a first picture %s: the page renders, keeps its layout, and names the picture', async (name, image, alt) => {
    const handle = `odd-${name.toLowerCase().replace(/\W+/g, '-')}`.slice(0, 60)
    const odd = blanket()
    odd.handle = handle
    odd.images = [image, ...odd.images.slice(1)]
    shop.double.products.set(handle, odd)

    const normal = await visit('/product/toddler-blanket', DESKTOP)
    const expected = await normal.page.getByTestId('product-gallery-image').boundingBox()
    await normal.context.close()

    const watched = await visit(`/product/${handle}`, DESKTOP)
    const { page } = watched
    const large = page.getByTestId('product-gallery-image')
    expect(await large.getAttribute('alt')).toBe(alt)
    expect(await large.boundingBox()).toEqual(expected)
    if ('elsewhere' in image) {
      expect(await large.getAttribute('srcset')).toBeNull()
      expect(await large.getAttribute('src')).toMatch(/\/elsewhere\/blanket-3\.jpg$/)
      await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2048)
    }
    expect(await page.getByRole('button', { name: 'Add to Cart' }).isVisible()).toBe(true)
    // The only complaint allowed is the browser's own about the missing picture.
    watched.expected.push(/404.*no-such-photo\.jpg/)
    await watched.context.close()
    shop.double.products.delete(handle)
  })
})
