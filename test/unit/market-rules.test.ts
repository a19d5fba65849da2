import { expect, test } from 'vitest'
import { sheetTotal } from '../../client/cart/cart-edits.ts'
import type { Product, Variant } from '../../client/model/product.ts'
import { productStructuredData } from '../../client/pages/product-structured-data.ts'
import { pageMarket } from '../../src/page-market.ts'
import type { ShopMarkets } from '../../src/storefront/product.ts'

// What a page tells a shopper of a market (src/page-market.ts, the structured data, the sheet's
// total), with a product of two variants in euros whose first is not the cheapest: the one the
// buttons add is the first (the spec), so every price beside them is the first's.

const MARKETS: ShopMarkets = {
  primaryCountry: 'US',
  shipsTo: ['US', 'DE', 'FR'],
  countries: [
    { isoCode: 'US', name: 'United States', currency: 'USD', languages: ['EN'] },
    { isoCode: 'DE', name: 'Germany', currency: 'EUR', languages: ['EN', 'DE'] },
    { isoCode: 'CH', name: 'Switzerland', currency: 'CHF', languages: ['DE'] },
  ],
}
const variant = (id: string, amount: string): Variant => ({
  id: `gid://shopify/ProductVariant/${id}`,
  title: id,
  price: { amount, currencyCode: 'EUR' },
  availableForSale: true,
  sku: null,
  barcode: null,
  selectedOptions: [],
  image: null,
})
const PRODUCT: Product = {
  id: 'gid://shopify/Product/1',
  title: 'Blanket',
  description: '',
  handle: 'toddler-blanket',
  vendor: '',
  priceRange: { minVariantPrice: { amount: '28.0', currencyCode: 'EUR' } },
  images: [],
  variants: [variant('1', '35.0'), variant('2', '28.0')],
  options: [],
}

test('the order buttons say the price of the variant they add, not the cheapest', () => {
  expect(pageMarket('DE', MARKETS, PRODUCT).order).toBe('Only €35 – Order Now!')
})

test('ZZ, Shopify’s unknown region, is no country: the primary market’s page', () => {
  for (const country of ['ZZ', null])
    expect(pageMarket(country, MARKETS, PRODUCT)).toMatchObject({
      country: null,
      primary: true,
      name: null,
      ships: true,
      languages: [],
    })
  expect(pageMarket('DE', MARKETS, PRODUCT)).toMatchObject({ country: 'DE', primary: false, name: 'Germany' })
  expect(pageMarket('CH', MARKETS, PRODUCT)).toMatchObject({
    ships: false,
    shipsTo: ['France', 'Germany', 'United States'],
  })
})

test('the structured data’s offer and its shipping rate are in the same currency, the first variant’s', () => {
  const data = productStructuredData(PRODUCT, {
    productUrl: 'https://shop.example/product/toddler-blanket',
    pageUrl: 'https://shop.example/en-de/product/toddler-blanket',
    termsUrl: 'https://shop.example/terms',
    shipping: { countries: ['DE'] },
  }) as unknown as {
    offers: { price: string; priceCurrency: string; shippingDetails: { shippingRate: { currency: string } } }
  }
  expect(data.offers).toMatchObject({
    price: '35.0',
    priceCurrency: 'EUR',
    shippingDetails: { shippingRate: { currency: 'EUR' } },
  })
})

test('an empty sheet is totalled in the page’s currency; lines in their own', () => {
  expect(sheetTotal([], 'EUR')).toEqual({ amount: '0', currencyCode: 'EUR' })
  expect(sheetTotal([], null)).toBeNull()
  const line = {
    product: { title: 'Blanket', handle: 'toddler-blanket', images: { edges: [] } },
    variantId: 'v',
    variantTitle: 'v',
    price: { amount: '35.0', currencyCode: 'EUR' },
    quantity: 2,
    selectedOptions: [],
  }
  expect(sheetTotal([line], 'USD')).toEqual({ amount: '70.00', currencyCode: 'EUR' })
})
