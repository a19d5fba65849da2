import { expect, test } from 'vitest'
import { sheetTotal } from '../../client/cart/cart-edits.ts'
import type { Product, Variant } from '../../client/model/product.ts'
import { productStructuredData } from '../../client/pages/product-structured-data.ts'
import { marketOfPath, marketPath } from '../../client/model/market.ts'
import { countryName, pageMarket } from '../../src/market.ts'
import { isMarketCountry } from '../../src/storefront/country-codes.ts'
import type { ShopMarkets } from '../../src/storefront/product.ts'
import type { PriceInclusions } from '../../src/config.ts'

// What a page tells a shopper of a market (src/market.ts, the structured data, the sheet's
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
/** What the double's store includes: VAT in Germany and Switzerland, nothing in the United States. */
const PRICES: PriceInclusions = { taxIncludedIn: ['DE', 'CH'], dutiesIncludedIn: [] }
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
  expect(pageMarket('DE', MARKETS, PRICES, PRODUCT).order).toBe('Only €35 – Order Now!')
  expect(pageMarket('DE', MARKETS, PRICES, { ...PRODUCT, variants: [] }).order).toBe('Order Now!')
  expect(pageMarket('DE', MARKETS, PRICES)).toMatchObject({ order: 'Order Now!', currency: null })
  expect(pageMarket('US', MARKETS, PRICES, PRODUCT).order).toBe('Only $38 – Order Now!')
})

test('the tax words follow the market’s setting: VAT or GST included, or sales tax added; a country of no market takes the primary’s', () => {
  const words = (country: string | null, prices = PRICES) => {
    const { tax, taxIncluded } = pageMarket(country, MARKETS, prices, PRODUCT)
    return { tax, taxIncluded }
  }
  expect(words('DE')).toEqual({ tax: 'incl. VAT', taxIncluded: true })
  expect(words('US')).toEqual({ tax: '+ sales tax at checkout', taxIncluded: false })
  expect(words(null)).toEqual({ tax: '+ sales tax at checkout', taxIncluded: false })
  // Brazil has no market: it buys at the primary market's prices, taxes added as there.
  expect(words('BR')).toEqual({ tax: '+ sales tax at checkout', taxIncluded: false })
  expect(words('BR', { taxIncludedIn: ['US'], dutiesIncludedIn: [] })).toEqual({ tax: 'incl. VAT', taxIncluded: true })
  // The owner switches Germany to taxes at checkout, and duties in the price.
  expect(words('DE', { taxIncludedIn: [], dutiesIncludedIn: ['DE'] }).tax).toBe('incl. duties, + sales tax at checkout')
  expect(words('CH', { taxIncludedIn: ['CH'], dutiesIncludedIn: ['CH'] }).tax).toBe('incl. VAT and duties')
  const australia = {
    ...MARKETS,
    countries: [...MARKETS.countries, { isoCode: 'AU', name: 'Australia', currency: 'AUD', languages: [] }],
  }
  expect(pageMarket('AU', australia, { taxIncludedIn: ['AU'], dutiesIncludedIn: [] }).tax).toBe('incl. GST')
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
    expect(pageMarket(country, MARKETS, PRICES, PRODUCT)).toMatchObject({
      country: null,
      primary: true,
      name: null,
      ships: true,
      languages: [],
    })
  expect(pageMarket('DE', MARKETS, PRICES, PRODUCT)).toMatchObject({
    country: 'DE',
    primary: false,
    name: 'Deutschland',
    languages: ['EN', 'DE'],
    currency: 'EUR',
  })
  expect(pageMarket('US', MARKETS, PRICES, PRODUCT)).toMatchObject({
    country: 'US',
    primary: true,
    name: 'United States',
  })
  expect(pageMarket('CH', MARKETS, PRICES, PRODUCT)).toMatchObject({
    ships: false,
    shipsTo: ['Deutschland', 'France', 'United States'],
  })
  // A country Shopify has no market for: its English name, and no checkout languages.
  expect(pageMarket('BR', MARKETS, PRICES, PRODUCT)).toMatchObject({ name: 'Brazil', languages: [], ships: false })
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
