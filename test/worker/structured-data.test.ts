// The pages that sell the blanket, read as Google reads them: every property that Google's
// 'Merchant listing' and 'Product snippet' docs mark required or recommended is on the page
// as served, or named below with why it does not apply.
//   https://developers.google.com/search/docs/appearance/structured-data/merchant-listing
//   https://developers.google.com/search/docs/appearance/structured-data/product-snippet
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { productStructuredData } from '../../client/pages/product-structured-data.ts'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'
import { blanket } from '../../storefront-double/catalog.ts'

/** Required by either doc, as paths into the Product. */
const REQUIRED = [
  'name', // both
  'image', // merchant listing
  'offers', // merchant listing; a product snippet needs offers, review or aggregateRating
  'offers.price', // both (or offers.priceSpecification.price)
  'offers.priceCurrency', // merchant listing
  // The return policy, when given under the offer (merchant listing, 'MerchantReturnPolicy').
  'offers.hasMerchantReturnPolicy.applicableCountry',
  'offers.hasMerchantReturnPolicy.returnPolicyCategory',
  // A shipping destination names its country (merchant listing, 'DefinedRegion').
  'offers.shippingDetails.shippingDestination.addressCountry',
]

/** Recommended by either doc, and true of this shop. */
const RECOMMENDED = [
  'audience', // merchant listing
  'brand.name',
  'description',
  'material',
  'size',
  'sku',
  'offers.availability', // both
  'offers.itemCondition',
  'offers.shippingDetails',
  'offers.shippingDetails.shippingRate',
  'offers.shippingDetails.shippingDestination',
  'offers.shippingDetails.deliveryTime.handlingTime',
  'offers.shippingDetails.deliveryTime.transitTime',
  'offers.hasMerchantReturnPolicy',
  'offers.hasMerchantReturnPolicy.merchantReturnDays', // with a finite return window
  'offers.hasMerchantReturnPolicy.returnMethod',
  'offers.hasMerchantReturnPolicy.returnFees',
]

/** Recommended, and not true of this shop: each stays off the page until it is. */
const NOT_APPLICABLE: Record<string, string> = {
  aggregateRating:
    'the shop collects no ratings; the landing page’s testimonials are chosen by the shop, which Google’s review guidelines do not accept',
  review: 'as aggregateRating',
  color: 'one print, whose colours are the design, not a choice',
  pattern: 'as color',
  gtin: 'made on demand, the blanket has no barcode in Shopify; a variant that has one gives it (the test below)',
  mpn: 'no manufacturer part number: the sku names it',
  hasCertification: 'no certification applies to a fleece blanket',
  inProductGroupWithID: 'one variant is sold: there is no group of variants',
  isVariantOf: 'as inProductGroupWithID',
  subjectOf: 'no 3D model',
  'offers.priceValidUntil': 'product snippet: the price has no end date',
}

/** Every value at a path, through arrays (a property may hold one value or a list). */
const at = (data: unknown, path: string): unknown[] =>
  path
    .split('.')
    .reduce<unknown[]>(
      (values, key) =>
        values
          .flatMap((value) =>
            value && typeof value === 'object' && key in value ? [(value as Record<string, unknown>)[key]] : [],
          )
          .flat(),
      [data],
    )

function structuredData(html: string) {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)]
  expect(scripts).toHaveLength(1)
  return JSON.parse(scripts[0]![1]!) as Record<string, unknown>
}

// wrangler.toml's local SHOP_ORIGIN: every address a page gives is on it.
const SHOP_ORIGIN = 'http://127.0.0.1:8787'
const PRODUCT_URL = `${SHOP_ORIGIN}/product/toddler-blanket`

describe('structured data for merchant listings', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop()
  })
  afterAll(() => shop?.dispose())

  test.each([
    ['/product/toddler-blanket', PRODUCT_URL],
    ['/', `${SHOP_ORIGIN}/`],
  ])(
    '%s: a Product with every required and applicable recommended property, and none that does not apply',
    async (path, pageUrl) => {
      const data = structuredData(await (await shop.fetch(path)).text())
      expect(data).toMatchObject({
        '@context': 'https://schema.org',
        '@type': 'Product',
        '@id': `${PRODUCT_URL}#product`,
        url: PRODUCT_URL,
      })
      const missing = [...REQUIRED, ...RECOMMENDED].filter(
        (property) => at(data, property).filter((value) => value !== '' && value !== null).length === 0,
      )
      expect(missing).toEqual([])
      expect(Object.keys(NOT_APPLICABLE).filter((property) => at(data, property).length > 0)).toEqual([])

      // The values a shopper is promised on the page and in the Terms.
      expect(data.offers).toMatchObject({
        '@type': 'Offer',
        url: pageUrl,
        price: '38.0',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
        // Made in 2-5 days, then carried in each zone's days (client/content/delivery.ts), free.
        shippingDetails: expect.arrayContaining(
          [
            [['US'], 3, 5],
            [['CA'], 4, 7],
            [['MX'], 6, 12],
          ].map(([countries, min, max]) => ({
            '@type': 'OfferShippingDetails',
            shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: 'USD' },
            shippingDestination: (countries as string[]).map((addressCountry) => ({
              '@type': 'DefinedRegion',
              addressCountry,
            })),
            deliveryTime: {
              '@type': 'ShippingDeliveryTime',
              handlingTime: { '@type': 'QuantitativeValue', minValue: 2, maxValue: 5, unitCode: 'DAY' },
              transitTime: { '@type': 'QuantitativeValue', minValue: min, maxValue: max, unitCode: 'DAY' },
            },
          })),
        ),
        hasMerchantReturnPolicy: {
          '@type': 'MerchantReturnPolicy',
          applicableCountry: shop.double.shipsTo,
          returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
          merchantReturnDays: 7,
          // What the Terms and 'Shipping and returns' say: a damaged or defective blanket, sent
          // back by post on a prepaid label, free, refunded in full.
          returnMethod: 'https://schema.org/ReturnByMail',
          returnFees: 'https://schema.org/FreeReturn',
          itemCondition: 'https://schema.org/DamagedCondition',
          refundType: 'https://schema.org/FullRefund',
          merchantReturnLink: `${SHOP_ORIGIN}/terms`,
        },
      })
      // Where Shopify says the shop ships (the double's `shop.shipsToCountries`), each country in one zone.
      expect(at(data, 'offers.shippingDetails.shippingDestination.addressCountry').sort()).toEqual(
        [...shop.double.shipsTo].sort(),
      )
      expect(data).toMatchObject({
        name: 'Square Friends Fleece Blanket',
        brand: { '@type': 'Brand', name: 'Square Snuggles' },
        sku: 'SQS-BLANKET-3040',
        size: '30" × 40"',
        material: '100% polyester',
      })
      expect(at(data, 'image')).toHaveLength(5)
      for (const image of at(data, 'image')) expect(URL.canParse(image as string)).toBe(true)
    },
  )
})

describe('a product whose first variant costs more than its cheapest', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop()
    // The buy buttons add the first variant; the offer is that one, at its price, not the product's cheapest.
    const product = blanket()
    const first = {
      ...product.variants[0]!,
      id: 'gid://shopify/ProductVariant/44012345678911',
      title: '40" × 60" / Square Friends',
      sku: 'SQS-BLANKET-4060',
      price: { amount: '52.0', currencyCode: 'USD' },
    }
    shop.double.products.set('toddler-blanket', { ...product, variants: [first, ...product.variants] })
  })
  afterAll(() => shop?.dispose())

  test.each(['/', '/product/toddler-blanket'])('%s: the offer is the first variant, at its price', async (path) => {
    const data = structuredData(await (await shop.fetch(path)).text())
    expect(data).toMatchObject({ sku: 'SQS-BLANKET-4060', offers: { price: '52.0', priceCurrency: 'USD' } })
  })
})

describe('the landing page without its product', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop()
    shop.double.products.delete('toddler-blanket')
  })
  afterAll(() => shop?.dispose())

  test('says nothing of a product it cannot stand behind', async () => {
    const res = await shop.fetch('/')
    expect(res.status).toBe(200)
    expect(await res.text()).not.toContain('application/ld+json')
  })
})

/** The words a shopper reads on a page as served: its text, without scripts, styles or tags. */
async function pageText(shop: Shop, path: string): Promise<string> {
  const html = await (await shop.fetch(path)).text()
  return html
    .replace(/<!--.*?-->/gs, '')
    .replace(/<(script|style|template)\b[^>]*>.*?<\/\1>/gs, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(
      /&(amp|lt|gt|quot|#x27|#39|nbsp);/g,
      (_, entity: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' })[entity]!,
    )
    .replace(/\s+/g, ' ')
}
const countryName = (code: string) => new Intl.DisplayNames(['en'], { type: 'region' }).of(code)!

// Google asks that the markup say only what the shopper can read. Each claim the markup
// makes, and the words that say it on the page that carries the markup, or in the Terms,
// where its return policy links; the product's name and description on the product's own
// page, which the markup names as its `url`. Identifiers (url, image, sku) claim nothing.
describe('every claim of the markup is on a page the shopper reads', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop()
  })
  afterAll(() => shop?.dispose())

  test.each(['/product/toddler-blanket', '/'])('%s', async (path) => {
    shop.double.shipsTo = ['US', 'CA', 'GB', 'NZ'] // NZ: shipped to, in no market of the shop's
    const data = structuredData(await (await shop.fetch(path)).text())
    const page = await pageText(shop, path)
    const terms = await pageText(shop, '/terms')
    // The product's own page (its `url`, which the landing page's markup names too) describes it.
    const productPage = await pageText(shop, new URL(String(data.url)).pathname)
    const days = (value: unknown) => {
      const { minValue, maxValue } = value as { minValue: number; maxValue: number }
      return minValue === maxValue ? String(minValue) : `${minValue}-${maxValue}`
    }
    const [handling] = at(data, 'offers.shippingDetails.deliveryTime.handlingTime')
    const transits = at(data, 'offers.shippingDetails.deliveryTime.transitTime')
    expect(transits.length).toBeGreaterThan(1)
    const [returnDays] = at(data, 'offers.hasMerchantReturnPolicy.merchantReturnDays')
    const claims: [string, unknown, string, string][] = [
      ['name', data.name, productPage, String(data.name)],
      ['description', data.description, productPage, String(data.description)],
      ['brand', at(data, 'brand.name')[0], page, String(at(data, 'brand.name')[0])],
      ['material', data.material, page, String(data.material)],
      ['size', data.size, page, String(data.size)],
      [
        'audience',
        at(data, 'audience.suggestedMinAge')[0],
        terms,
        'not intended for unsupervised use by infants under 12 months',
      ],
      ['price', at(data, 'offers.price')[0], page, `$${Number(at(data, 'offers.price')[0])}`],
      [
        'shipping rate',
        at(data, 'offers.shippingDetails.shippingRate.value')[0],
        page,
        'Shipping is included in the price',
      ],
      ['handling time', handling, page, `processing takes ${days(handling)} business days`],
      ...transits.map((transit): [string, unknown, string, string] => [
        'transit time',
        transit,
        page,
        `${days(transit)} business days to`,
      ]),
      ...at(data, 'offers.shippingDetails.shippingDestination.addressCountry').map(
        (code): [string, unknown, string, string] => ['destination', code, page, countryName(String(code))],
      ),
      ['return window', returnDays, page, `within ${returnDays} days of delivery`],
      ['return window (Terms)', returnDays, terms, `within ${returnDays} days of delivery`],
      ['return method', at(data, 'offers.hasMerchantReturnPolicy.returnMethod')[0], page, 'return it by mail'],
      ['return fees', at(data, 'offers.hasMerchantReturnPolicy.returnFees')[0], page, 'the return is free'],
      ['returned condition', at(data, 'offers.hasMerchantReturnPolicy.itemCondition')[0], page, 'damaged or defective'],
      ['refund', at(data, 'offers.hasMerchantReturnPolicy.refundType')[0], page, 'a full refund'],
      [
        'return countries',
        at(data, 'offers.hasMerchantReturnPolicy.applicableCountry'),
        terms,
        'from every country we ship to',
      ],
    ]
    expect(
      claims
        .filter(([, , text, words]) => !text.includes(words))
        .map(([claim, value, , words]) => `${claim} (${JSON.stringify(value)}): '${words}' is on no page`),
    ).toEqual([])
    // Each country the markup names, and none it does not.
    expect(at(data, 'offers.shippingDetails.shippingDestination.addressCountry')).toEqual(['US', 'CA', 'GB', 'NZ'])
    expect(page).toContain('We ship to Canada, New Zealand, United Kingdom, and United States.')
  })
})

test('a variant with a barcode gives its GTIN; one out of stock says so', () => {
  const variant = {
    id: 'gid://shopify/ProductVariant/1',
    title: 'Default',
    availableForSale: false,
    sku: null,
    barcode: '0614141999996',
    price: { amount: '38.0', currencyCode: 'USD' },
    selectedOptions: [],
    image: null,
  }
  const product = {
    id: 'gid://shopify/Product/1',
    title: 'Blanket',
    description: 'Soft.',
    handle: 'blanket',
    vendor: 'Square Snuggles',
    priceRange: { minVariantPrice: variant.price },
    images: [],
    variants: [variant],
    options: [],
  }
  const data = productStructuredData(product, {
    productUrl: PRODUCT_URL,
    pageUrl: PRODUCT_URL,
    termsUrl: `${SHOP_ORIGIN}/terms`,
    shipping: { countries: ['US'] },
  })
  expect(data).toMatchObject({ gtin: '0614141999996', offers: { availability: 'https://schema.org/OutOfStock' } })
  expect(data).not.toHaveProperty('sku')
})
