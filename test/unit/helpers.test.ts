import { expect, test } from 'vitest'
import { formatPrice } from '../../client/lib/format'
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

test('JSON for a script element cannot close it or open markup', () => {
  const text = jsonForScript({ title: '</script><script>alert(1)</script>', note: 'a & b \u2028' })
  expect(text).not.toMatch(/[<>&\u2028]/)
  expect(JSON.parse(text)).toEqual({ title: '</script><script>alert(1)</script>', note: 'a & b \u2028' })
})
