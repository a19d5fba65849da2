import { expect, test } from 'vitest'
import { sheetTotal } from '../../client/cart/cart-edits.ts'
import type { Product, Variant } from '../../client/model/product.ts'
import { productStructuredData } from '../../client/pages/product-structured-data.ts'
import { marketOfPath, marketPath } from '../../client/model/market.ts'
import { countryName, pageMarket } from '../../src/page-market.ts'
import { isMarketCountry } from '../../src/storefront/country-codes.ts'
import type { ShopMarkets } from '../../src/storefront/product.ts'

// What a page tells a shopper of a market (src/page-market.ts, the structured data, the sheet's
// total), with a product of two variants in euros whose first is not the cheapest: the one the
// buttons add is the first (the spec), so every price beside them is the first's.

const MARKETS: ShopMarkets = {
  primaryCountry: 'US',
  shipsTo: ['US', 'DE', 'FR'],
  countries: [
    { isoCode: 'US', name: 'United States', currency: 'USD', languages: ['EN'] },
    // Shopify's name for a country is the one written, not the English one.
    { isoCode: 'DE', name: 'Deutschland', currency: 'EUR', languages: ['EN', 'DE'] },
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

test('the order buttons say the price of the variant they add, not the cheapest; without one, no price', () => {
  expect(pageMarket('DE', MARKETS, PRODUCT).order).toBe('Only €35 – Order Now!')
  expect(pageMarket('DE', MARKETS, { ...PRODUCT, variants: [] }).order).toBe('Order Now!')
  expect(pageMarket('DE', MARKETS)).toMatchObject({ order: 'Order Now!', currency: null })
  expect(pageMarket('US', MARKETS, PRODUCT).order).toBe('Only $38 – Order Now!')
})

test('a path’s market: the prefix at its start only, its country in upper case', () => {
  expect(marketOfPath('/en-de/terms')).toEqual({ prefix: '/en-de', country: 'DE', rest: '/terms' })
  expect(marketOfPath('/en-de')).toEqual({ prefix: '/en-de', country: 'DE', rest: '/' })
  for (const path of ['/product/en-de', '/en-deu', '/en-DE', '/terms']) expect(marketOfPath(path)).toBeNull()
  expect(marketPath('CA', '/')).toBe('/en-ca')
  expect(marketPath('CA', '/terms')).toBe('/en-ca/terms')
})

test('a market country is one Shopify knows, or ZZ', () => {
  for (const country of ['ZZ', 'DE', 'BR']) expect(isMarketCountry(country)).toBe(true)
  for (const country of ['', 'zz', 'XX', 'T1', 'Q1', 'DEU']) expect(isMarketCountry(country)).toBe(false)
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
  expect(pageMarket('DE', MARKETS, PRODUCT)).toMatchObject({
    country: 'DE',
    primary: false,
    name: 'Deutschland',
    languages: ['EN', 'DE'],
    currency: 'EUR',
  })
  expect(pageMarket('US', MARKETS, PRODUCT)).toMatchObject({ country: 'US', primary: true, name: 'United States' })
  expect(pageMarket('CH', MARKETS, PRODUCT)).toMatchObject({
    ships: false,
    shipsTo: ['Deutschland', 'France', 'United States'],
  })
  // A country Shopify has no market for: its English name, and no checkout languages.
  expect(pageMarket('BR', MARKETS, PRODUCT)).toMatchObject({ name: 'Brazil', languages: [], ships: false })
  // What request.cf.country can be that is no region at all: its code, never an error.
  expect(countryName('T1', MARKETS)).toBe('T1')
  expect(countryName('!!', MARKETS)).toBe('!!')
})

test('the structured data’s offer and its shipping rate are in the same currency, the first variant’s', () => {
  const data = productStructuredData(PRODUCT, {
    productUrl: 'https://shop.example/product/toddler-blanket',
    pageUrl: 'https://shop.example/en-de/product/toddler-blanket',
    termsUrl: 'https://shop.example/terms',
    shipping: { countries: ['DE', 'US'] },
  }) as unknown as {
    offers: { price: string; priceCurrency: string; shippingDetails: { shippingRate: { currency: string } }[] }
  }
  expect(data.offers).toMatchObject({
    price: '35.0',
    priceCurrency: 'EUR',
    // One entry per zone shipped to, each in the offer's currency.
    shippingDetails: [{ shippingRate: { currency: 'EUR' } }, { shippingRate: { currency: 'EUR' } }],
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
