import { afterAll, beforeAll, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'

let shop: Shop
beforeAll(async () => {
  shop = await startShop()
})
afterAll(() => shop?.dispose())

async function newCart(): Promise<string> {
  const res = await shop.fetch('/checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] }),
  })
  return ((await res.json()) as { cartId: string }).cartId
}
const status = (id: string) => shop.fetch(`/cart/status?id=${encodeURIComponent(id)}`)

test('a cart Shopify still has is open; once bought it is gone', async () => {
  const id = await newCart()
  const open = await status(id)
  expect(open.status).toBe(200)
  expect(open.headers.get('Cache-Control')).toBe('no-store')
  expect(await open.json()).toEqual({ status: 'open' })
  expect(shop.double.callsOf('CartStatus').at(-1)!.variables).toEqual({ id })

  shop.double.completeCart(id)
  expect(await (await status(id)).json()).toEqual({ status: 'gone' })
  expect(await (await status('gid://shopify/Cart/neverexisted')).json()).toEqual({ status: 'gone' })
})

test.each(['', 'gid://shopify/Product/1', 'gid://shopify/Cart/../../x', `gid://shopify/Cart/${'a'.repeat(300)}`])(
  'a malformed id (%s) is a 400 without asking Shopify',
  async (id) => {
    const before = shop.double.callsOf('CartStatus').length
    const res = await status(id)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toMatch(/^id /)
    expect(shop.double.callsOf('CartStatus')).toHaveLength(before)
  },
)

test('a Shopify failure is a 502 with a plain reason (the message is logged), and the browser keeps its cart', async () => {
  const id = await newCart()
  shop.double.setFault({ kind: 'status', status: 503 })
  try {
    const res = await status(id)
    expect(res.status).toBe(502)
    const answer = (await res.json()) as { error: string; requestId: string }
    expect(answer).toEqual({ error: 'Shopify could not be reached', requestId: expect.any(String) })
    expect(
      shop
        .logEntries()
        .some(
          (e) =>
            e.message === 'cart status check failed' &&
            e.requestId === answer.requestId &&
            JSON.stringify(e).includes('HTTP error! status: 503'),
        ),
    ).toBe(true)
  } finally {
    shop.double.setFault(null)
  }
})
