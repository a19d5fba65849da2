import { rgbaToThumbHash } from 'thumbhash'
import { expect, test, vi } from 'vitest'
import { productTag } from '../../src/render/cache-policy.ts'
import { averageColour, fetchProduct, reshapeProduct } from '../../src/storefront/product.ts'

// What the Worker makes of Shopify's answer before any page sees it.

/** The ThumbHash Shopify would give a picture of one flat colour, base64 as the API sends it. */
function thumbhashOf([r, g, b]: [number, number, number]) {
  const pixels = new Uint8Array(16 * 16 * 4).map((_, i) => [r, g, b, 255][i % 4]!)
  return btoa(String.fromCharCode(...rgbaToThumbHash(16, 16, pixels)))
}

/** How far a #rrggbb colour is from `rgb`, summed over the channels. */
function distance(colour: string | null, rgb: [number, number, number]) {
  expect(colour).toMatch(/^#[0-9a-f]{6}$/)
  return colour!
    .slice(1)
    .match(/../g)!
    .reduce((sum, hex, i) => sum + Math.abs(parseInt(hex, 16) - rgb[i]!), 0)
}

test("a picture's box is filled with its ThumbHash's average colour, as #rrggbb", () => {
  // Each comes back within ThumbHash's rounding of itself, channels in order.
  for (const rgb of [
    [255, 255, 255],
    [0, 0, 0],
    [230, 120, 40],
    [40, 90, 200],
  ] as [number, number, number][]) {
    expect(distance(averageColour(thumbhashOf(rgb)), rgb)).toBeLessThan(12)
  }
})

test('anything that is not a ThumbHash gives no colour, never an error', () => {
  expect(averageColour('')).toBeNull()
  expect(averageColour('AAAA')).toBeNull() // 3 bytes: too short to hold the average
  expect(averageColour('not base64!')).toBeNull()
})

test('nodes become arrays, and each picture (the variant’s too) gets its placeholder', () => {
  const image = {
    url: 'https://cdn.shopify.com/s/files/flat.jpg',
    altText: 'Flat',
    width: 2048,
    height: 1536,
    thumbhash: thumbhashOf([255, 255, 255]),
  }
  const product = reshapeProduct({
    id: 'gid://shopify/Product/1',
    title: 'Blanket',
    description: '',
    handle: 'toddler-blanket',
    vendor: 'Square Snuggles',
    updatedAt: '2026-11-01T09:00:00Z',
    priceRange: { minVariantPrice: { amount: '38.0', currencyCode: 'USD' } },
    images: { nodes: [image, { ...image, thumbhash: null }] },
    options: [
      { name: 'Size', optionValues: [{ name: '30" × 40"' }] },
      { name: 'Print', optionValues: [{ name: 'Friends' }, { name: 'Stripes' }] },
    ],
    variants: {
      nodes: [
        {
          id: 'gid://shopify/ProductVariant/1',
          title: 'Default',
          availableForSale: true,
          sku: 'SQS-1',
          barcode: null,
          price: { amount: '38.0', currencyCode: 'USD' },
          selectedOptions: [],
          image,
        },
        {
          id: 'gid://shopify/ProductVariant/2',
          title: 'Other',
          availableForSale: false,
          sku: null,
          barcode: null,
          price: { amount: '38.0', currencyCode: 'USD' },
          selectedOptions: [],
          image: null,
        },
      ],
    },
  })
  const { thumbhash, ...shown } = image
  const white = averageColour(thumbhash)
  expect(distance(white, [255, 255, 255])).toBeLessThan(12)
  expect(product.images).toEqual([
    { ...shown, placeholder: white },
    { ...shown, placeholder: null },
  ])
  expect(product.variants.map((variant) => variant.image)).toEqual([{ ...shown, placeholder: white }, null])
  // The options the stored cart keeps (docs/product.md, 'The cart'): name and value, from Shopify's optionValues.
  expect(product.options).toEqual([
    { name: 'Size', values: ['30" × 40"'] },
    { name: 'Print', values: ['Friends', 'Stripes'] },
  ])
})

test('a product is purged by a tag that names its handle, encoded', () => {
  expect(productTag('toddler-blanket')).toBe('product:toddler-blanket')
  expect(productTag('bébé,blanket')).toBe('product:b%C3%A9b%C3%A9%2Cblanket')
})

// Shopify's answer is checked before the shop uses it: a product missing any part a page
// shows is refused as 'Unexpected answer from Shopify', never rendered half.
const goodNode = () => ({
  id: 'gid://shopify/Product/1',
  title: 'Blanket',
  description: 'Soft.',
  handle: 'toddler-blanket',
  vendor: 'Square Snuggles',
  updatedAt: '2026-11-01T09:00:00Z',
  priceRange: { minVariantPrice: { amount: '38.0', currencyCode: 'USD' } },
  images: {
    nodes: [
      {
        url: 'https://cdn.shopify.com/s/files/flat.jpg',
        altText: null,
        width: 2048,
        height: 2048,
        thumbhash: thumbhashOf([230, 120, 40]),
      },
    ],
  },
  options: [{ name: 'Size', optionValues: [{ name: 'One' }] }],
  variants: {
    nodes: [
      {
        id: 'gid://shopify/ProductVariant/1',
        title: 'Default',
        availableForSale: true,
        sku: 'SQS-1',
        barcode: null,
        price: { amount: '38.0', currencyCode: 'USD' },
        selectedOptions: [{ name: 'Size', value: 'One' }],
        image: null,
      },
    ],
  },
})
const MARKETS = {
  shop: { shipsToCountries: ['US', 'DE'] },
  localization: {
    country: { isoCode: 'US' },
    availableCountries: [
      { isoCode: 'US', name: 'United States', currency: { isoCode: 'USD' }, availableLanguages: [{ isoCode: 'EN' }] },
      {
        isoCode: 'DE',
        name: 'Germany',
        currency: { isoCode: 'EUR' },
        availableLanguages: [{ isoCode: 'EN' }, { isoCode: 'DE' }],
      },
    ],
  },
}
const storefront = {
  origin: 'https://blanket-shop.myshopify.com',
  token: { kind: 'public' as const, value: 't' },
  timeoutMs: 5000,
}

test.each([
  ['its price', (node: any) => delete node.priceRange.minVariantPrice.amount],
  ['its price range', (node: any) => delete node.priceRange.minVariantPrice],
  ['a picture’s address', (node: any) => delete node.images.nodes[0].url],
  ['a picture’s width as text', (node: any) => (node.images.nodes[0].width = '2048')],
  ['its pictures', (node: any) => delete node.images.nodes],
  ['a variant’s price', (node: any) => delete node.variants.nodes[0].price.currencyCode],
  ['a variant’s options', (node: any) => delete node.variants.nodes[0].selectedOptions[0].value],
  ['its variants', (node: any) => delete node.variants.nodes],
  ['a variant’s availability', (node: any) => delete node.variants.nodes[0].availableForSale],
  ['its title', (node: any) => delete node.title],
  ['an option’s values', (node: any) => delete node.options[0].optionValues],
])('a product without %s is refused', async (_, spoil) => {
  const node = goodNode()
  spoil(node)
  vi.stubGlobal('fetch', async () => Response.json({ data: { ...MARKETS, product: node } }))
  await expect(fetchProduct(storefront, 'toddler-blanket')).rejects.toThrow(/^Unexpected answer from Shopify/)
  vi.stubGlobal('fetch', async () => Response.json({ data: { ...MARKETS, product: goodNode() } }))
  await expect(fetchProduct(storefront, 'toddler-blanket')).resolves.toMatchObject({
    product: {
      title: 'Blanket',
      options: [{ name: 'Size', values: ['One'] }],
      variants: [{ selectedOptions: [{ name: 'Size', value: 'One' }] }],
    },
  })
})

test.each([
  ['the countries it ships to', (data: any) => delete data.shop.shipsToCountries],
  ['its primary country', (data: any) => delete data.localization.country],
  ['a market country’s currency', (data: any) => delete data.localization.availableCountries[0].currency],
])('an answer without %s is refused', async (_, spoil) => {
  const data: any = structuredClone({ ...MARKETS, product: goodNode() })
  spoil(data)
  vi.stubGlobal('fetch', async () => Response.json({ data }))
  await expect(fetchProduct(storefront, 'toddler-blanket')).rejects.toThrow(/^Unexpected answer from Shopify/)
})

test('where the shop sells is reshaped, the primary market being the country Shopify answers without a context', async () => {
  vi.stubGlobal('fetch', async () => Response.json({ data: { ...MARKETS, product: null } }))
  await expect(fetchProduct(storefront, 'gone')).resolves.toEqual({
    product: null,
    updatedAt: null,
    markets: {
      primaryCountry: 'US',
      shipsTo: ['US', 'DE'],
      countries: [
        { isoCode: 'US', name: 'United States', currency: 'USD', languages: ['EN'] },
        { isoCode: 'DE', name: 'Germany', currency: 'EUR', languages: ['EN', 'DE'] },
      ],
    },
  })
})
