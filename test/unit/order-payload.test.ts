import { expect, test } from 'vitest'
import { orderPayload } from '../../storefront-double/orders.ts'
import { ORDER_WINDOW, readOrder } from '../../src/orders/order-payload.ts'

const NOW = Date.parse('2026-12-20T09:00:00Z')
const paid = orderPayload(
  {
    token: 'Z2NwLXVzLWVhc3QxOjAxSjk3UFg4',
    countryCode: 'DE',
    currency: 'EUR',
    note: 'For Grandma, from Ada Lovelace',
    attributes: [
      { key: '_utm_source', value: 'giftguide' },
      { key: '_utm_campaign', value: 'xmas' },
      { key: 'gift_wrap', value: 'yes' },
      { key: '_email', value: 'ada@example.com' },
    ],
    lines: [
      {
        variantId: 'gid://shopify/ProductVariant/44012345678901',
        title: 'Blanket',
        variantTitle: '30 x 40',
        sku: 'SQS',
        quantity: 2,
        unit: 35,
        shopUnit: 38,
      },
      {
        variantId: 'gid://shopify/ProductVariant/5',
        title: 'Card',
        variantTitle: 'Default',
        sku: null,
        quantity: 1,
        unit: 2,
        shopUnit: 2,
      },
    ],
  },
  new Date(NOW),
)
const body = (payload: unknown) => new TextEncoder().encode(JSON.stringify(payload)).buffer as ArrayBuffer

test('a full orders/create body keeps the order id, cart token, time, total in the currency paid, shipping country, lines and known attributes only', () => {
  expect(readOrder(body(paid), NOW)).toEqual({
    orderId: String(paid.id),
    cartToken: 'Z2NwLXVzLWVhc3QxOjAxSjk3UFg4',
    at: NOW,
    total: { amount: '72.00', currencyCode: 'EUR' },
    shippingCountry: 'DE',
    lines: [
      { variantId: '44012345678901', quantity: 2 },
      { variantId: '5', quantity: 1 },
    ],
    attributes: { _utm_source: 'giftguide', _utm_campaign: 'xmas' },
  })
})

test('nothing personal survives the parse: no name, e-mail, address, phone, IP address, browser or note', () => {
  const kept = JSON.stringify(readOrder(body(paid), NOW))
  for (const personal of [
    'Ada',
    'Lovelace',
    'ada@example.com',
    'Example Street',
    'Springfield',
    'Flat 3',
    '+1555',
    '203.0.113',
    'Mozilla',
    'Grandma',
  ])
    expect(kept).not.toContain(personal)
  // …though Shopify's body carried every one of them.
  for (const personal of ['Lovelace', 'ada@example.com', 'Example Street', '+1555', '203.0.113', 'Mozilla'])
    expect(JSON.stringify(paid)).toContain(personal)
})

test('a body dated outside the window, not an order, or not JSON, is refused with its reason, never its contents', () => {
  const at = (ms: number) => body({ ...paid, created_at: new Date(ms).toISOString() })
  expect(readOrder(at(NOW - ORDER_WINDOW.pastMs - 1), NOW)).toEqual({ error: expect.stringMatching(/older/) })
  expect(readOrder(at(NOW - ORDER_WINDOW.pastMs + 60_000), NOW)).toHaveProperty('orderId')
  expect(readOrder(at(NOW + ORDER_WINDOW.futureMs + 1), NOW)).toEqual({ error: expect.stringMatching(/future/) })
  expect(readOrder(body({ ...paid, cart_token: null }), NOW)).toEqual({ error: expect.stringMatching(/cart_token/) })
  expect(readOrder(body({ ...paid, cart_token: '../x' }), NOW)).toEqual({ error: expect.stringMatching(/cart_token/) })
  expect(readOrder(new TextEncoder().encode('{"email":').buffer as ArrayBuffer, NOW)).toEqual({
    error: 'Webhook body is not JSON',
  })
  const wrong = readOrder(
    body({ ...paid, total_price_set: { presentment_money: { amount: 'ada@example.com', currency_code: 'EUR' } } }),
    NOW,
  )
  expect(JSON.stringify(wrong)).not.toContain('ada@example.com')
})
