import { expect, test } from 'vitest'
import { formatPrice } from '../../client/lib/format'
import { formatMoney } from '../../client/lib/format-money'
import { marketLine } from '../../client/components/market-words'
import { jsonForScript } from '../../client/lib/json-script'
import { withOnlineStoreChannel } from '../../src/storefront/cart'

test('checkout URLs get channel=online_store and keep their own parameters', () => {
  expect(withOnlineStoreChannel('https://shop.example/checkouts/cn/abc?key=1&locale=en')).toBe(
    'https://shop.example/checkouts/cn/abc?key=1&locale=en&channel=online_store',
  )
  expect(withOnlineStoreChannel('https://shop.example/c?channel=pos')).toBe('https://shop.example/c?channel=online_store')
  expect(() => withOnlineStoreChannel('javascript:alert(1)')).toThrow()
})

test('prices show as dollars with two decimals', () => {
  expect(formatPrice('38.0')).toBe('$38.00')
  expect(formatPrice(76)).toBe('$76.00')
  expect(formatPrice('12.345')).toBe('$12.35')
  expect(formatPrice('not a number')).toBe('$0.00')
})

test('a price abroad in its own currency, and the market line’s words for each answer', () => {
  expect(formatMoney({ amount: '35.0', currencyCode: 'EUR' })).toBe('€35.00')
  expect(formatMoney({ amount: '52.0', currencyCode: 'CAD' })).toBe('CA$52.00')
  expect(formatMoney({ amount: '5400.0', currencyCode: 'JPY' })).toBe('¥5,400')
  // A code Intl does not take still shows its amount and code.
  expect(formatMoney({ amount: '3', currencyCode: 'X' })).toBe('3.00 X')
  const price = { amount: '30.0', currencyCode: 'GBP' }
  expect(marketLine({ kind: 'ships', country: 'GB', name: 'United Kingdom', price, approximate: false })).toBe('Ships to United Kingdom · £30.00 at checkout')
  expect(marketLine({ kind: 'ships', country: 'GB', name: 'United Kingdom', price, approximate: true })).toBe('Ships to United Kingdom · about £30.00 at checkout')
  expect(marketLine({ kind: 'not-shipped', country: 'BR', name: 'Brazil' })).toBe('We don’t ship to Brazil yet')
  for (const kind of ['primary', 'unknown'] as const) expect(marketLine({ kind })).toBeNull()
})

test('JSON for a script element cannot close it or open markup', () => {
  const text = jsonForScript({ title: '</script><script>alert(1)</script>', note: 'a & b \u2028' })
  expect(text).not.toMatch(/[<>&\u2028]/)
  expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script>', note: 'a & b \u2028' })
})
