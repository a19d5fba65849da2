import { expect, test } from 'vitest'
import { formatMoney } from '../../client/lib/format-money.ts'
import { marketWords, orderWords } from '../../client/components/market-words.ts'
import { checkoutLanguage } from '../../src/storefront/cart.ts'
import type { PageMarket } from '../../client/model/market.ts'
import { jsonForScript } from '../../client/lib/json-script.ts'
import { withOnlineStoreChannel } from '../../src/storefront/cart.ts'

test('checkout URLs get channel=online_store and keep their own parameters', () => {
  expect(withOnlineStoreChannel('https://shop.example/checkouts/cn/abc?key=1&locale=en')).toBe(
    'https://shop.example/checkouts/cn/abc?key=1&locale=en&channel=online_store',
  )
  expect(withOnlineStoreChannel('https://shop.example/c?channel=pos')).toBe(
    'https://shop.example/c?channel=online_store',
  )
  expect(() => withOnlineStoreChannel('javascript:alert(1)')).toThrow()
})

test('prices in their own currency with two decimals, dollars as the spec writes them; whole for the order button', () => {
  expect(formatMoney({ amount: '38.0', currencyCode: 'USD' })).toBe('$38.00')
  expect(formatMoney({ amount: '12.345', currencyCode: 'USD' })).toBe('$12.35')
  expect(formatMoney({ amount: '35.0', currencyCode: 'EUR' })).toBe('€35.00')
  expect(formatMoney({ amount: '52.0', currencyCode: 'CAD' })).toBe('CA$52.00')
  expect(formatMoney({ amount: '5400.0', currencyCode: 'JPY' })).toBe('¥5,400')
  expect(formatMoney({ amount: '38.0', currencyCode: 'USD' }, true)).toBe('$38')
  expect(formatMoney({ amount: '52.0', currencyCode: 'CAD' }, true)).toBe('CA$52')
  // Cents are never dropped from a price that has them.
  expect(formatMoney({ amount: '34.99', currencyCode: 'EUR' }, true)).toBe('€34.99')
  // A code Intl does not take still shows its amount and code.
  expect(formatMoney({ amount: '3', currencyCode: 'X' })).toBe('3.00 X')
})

test('the market’s words: none in the primary market, the currency where it ships, where it ships where it does not', () => {
  const market = (over: Partial<PageMarket>): PageMarket => ({
    country: 'GB',
    primary: false,
    name: 'United Kingdom',
    ships: true,
    shipsTo: ['Canada', 'United Kingdom'],
    arrival: { country: 'GB', giftTo: null },
    languages: [],
    order: '',
    currency: 'GBP',
    taxIncluded: true,
    tax: 'incl. VAT',
    ...over,
  })
  expect(marketWords(market({}))).toBe('Ships to United Kingdom. Prices are in GBP, as the checkout charges them.')
  expect(marketWords(market({ currency: null }))).toBe('Ships to United Kingdom.')
  expect(marketWords(market({ country: 'BR', name: 'Brazil', ships: false, currency: 'USD' }))).toBe(
    'We don’t ship to Brazil yet. It ships to Canada and United Kingdom: you can still order it as a gift to one of them.',
  )
  expect(marketWords(market({ primary: true }))).toBeNull()
  expect(marketWords(market({ country: null }))).toBeNull()
  expect(marketWords(undefined)).toBeNull()
})

test('the order buttons’ words: the spec’s in the primary market, the market’s whole price elsewhere, none without a price', () => {
  expect(orderWords(true, { amount: '52.0', currencyCode: 'CAD' })).toBe('Only $38 – Order Now!')
  expect(orderWords(false, { amount: '52.0', currencyCode: 'CAD' })).toBe('Only CA$52 – Order Now!')
  expect(orderWords(false, { amount: '34.5', currencyCode: 'EUR' })).toBe('Only €34.50 – Order Now!')
  expect(orderWords(false, undefined)).toBe('Order Now!')
})

test('the checkout’s language: the browser’s first that Shopify offers there, by weight; none when none is', () => {
  expect(checkoutLanguage('de-DE,de;q=0.9,en;q=0.8', ['EN', 'DE'])).toBe('DE')
  expect(checkoutLanguage('en;q=0.5, fr-CA', ['EN', 'FR'])).toBe('FR')
  expect(checkoutLanguage('pt-BR', ['PT_BR', 'EN'])).toBe('PT_BR')
  expect(checkoutLanguage('pt-BR', ['PT_PT'])).toBeNull()
  expect(checkoutLanguage('pt-BR', ['PT'])).toBe('PT')
  expect(checkoutLanguage('de;q=0, en', ['DE', 'EN'])).toBe('EN')
  expect(checkoutLanguage('*', ['EN'])).toBeNull()
  expect(checkoutLanguage(undefined, ['EN'])).toBeNull()
  expect(checkoutLanguage('de', [])).toBeNull()
})

test('JSON for a script element cannot close it or open markup', () => {
  const text = jsonForScript({ title: '</script><script>alert(1)</script>', note: 'a & b \u2028' })
  expect(text).not.toMatch(/[<>&\u2028]/)
  expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script>', note: 'a & b \u2028' })
})
