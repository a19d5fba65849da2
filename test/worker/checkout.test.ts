import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { reasonOf, startShop, type Shop } from '../../scripts/harness/shop.ts'

let shop: Shop
beforeAll(async () => {
  shop = await startShop({ STOREFRONT_TIMEOUT_MS: '300' })
})
afterAll(() => shop?.dispose())
beforeEach(() => shop.double.reset())

const postJson = (body: unknown) =>
  shop.fetch('/checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const line = (quantity = 1, merchandiseId = BLANKET_VARIANT_ID) => ({ merchandiseId, quantity })

describe('a valid cart', () => {
  test('creates one hosted cart with every line and answers where to pay', async () => {
    const res = await postJson({ lines: [line(2)] })
    expect(res.status).toBe(200)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const body = (await res.json()) as { checkoutUrl: string; cartId: string; totalQuantity: number }
    expect(body.cartId).toMatch(/^gid:\/\/shopify\/Cart\/\w+$/)
    expect(body.totalQuantity).toBe(2)

    const url = new URL(body.checkoutUrl)
    expect(url.searchParams.get('channel')).toBe('online_store')
    expect(url.searchParams.get('locale')).toBe('en') // Shopify's own parameters are kept

    const calls = shop.double.callsOf('CartCreate')
    expect(calls).toHaveLength(1)
    expect(calls[0]!.variables).toEqual({ input: { lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 2 }] } })

    // The stand-in hosted checkout shows the lines and the total.
    const page = await (await fetch(body.checkoutUrl)).text()
    expect(page).toContain('Square Friends Fleece Blanket')
    expect(page).toContain('$76.00')
    expect(page).toContain('<span id="channel">online_store</span>')
  })

  test('lines of one variant are sent as one line, in a single cartCreate', async () => {
    const lines = Array.from({ length: 99 }, () => line(1))
    expect((await postJson({ lines })).status).toBe(200)
    expect(shop.double.callsOf('CartCreate')).toHaveLength(1)
    expect((shop.double.callsOf('CartCreate')[0]!.variables.input as { lines: unknown[] }).lines).toEqual([line(99)])
  })

  test('a form post without JavaScript is redirected to the checkout', async () => {
    const res = await shop.fetch('/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ merchandiseId: BLANKET_VARIANT_ID, quantity: '3' }),
    })
    expect(res.status).toBe(303)
    const location = new URL(res.headers.get('Location')!)
    expect(location.searchParams.get('channel')).toBe('online_store')
    expect(await (await fetch(location)).text()).toContain('$114.00')
  })
})

describe('invalid input is a 400 that says what is wrong, and Shopify is not asked', () => {
  // Each test starts with no calls recorded (beforeEach resets the double), and ends here.
  const expectShopifyNotAsked = () => expect(shop.double.callsOf('CartCreate')).toHaveLength(0)

  test.each([
    ['not JSON', '{"lines": [', /not valid JSON/],
    ['no lines key', {}, /lines/],
    ['no lines', { lines: [] }, /lines/],
    ['101 lines', { lines: Array.from({ length: 101 }, () => line()) }, /lines/],
    [
      'a product id instead of a variant id',
      { lines: [line(1, 'gid://shopify/Product/1')] },
      /gid:\/\/shopify\/ProductVariant\/<digits>/,
    ],
    ['a variant id with letters', { lines: [line(1, 'gid://shopify/ProductVariant/12a')] }, /merchandiseId/],
    ['quantity 0', { lines: [line(0)] }, /lines\.0\.quantity/],
    ['negative quantity', { lines: [line(-3)] }, /quantity/],
    ['fractional quantity', { lines: [line(1.5)] }, /quantity/],
    ['a huge quantity', { lines: [line(1e9)] }, /quantity/],
    ['quantity as a string', { lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: '2' }] }, /quantity/],
    ['an unknown key', { lines: [{ ...line(), price: '0.01' }] }, /price/],
    ['an array body', [line()], /(body)|expected object/],
    ['null', 'null', /expected object/],
  ])('%s', async (_, body, message) => {
    const res = await postJson(body)
    expect(res.status).toBe(400)
    const problem = (await res.json()) as { error: string; issues?: { path: string; message: string }[] }
    expect(JSON.stringify(problem)).toMatch(message)
    expectShopifyNotAsked()
  })

  test('a body over the size cap is 413', async () => {
    const res = await postJson({ lines: [line()], padding: 'x'.repeat(20_000) })
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: 'Request body is larger than 16384 bytes' })
    expectShopifyNotAsked()
  })

  test('other content types are 415', async () => {
    const res = await shop.fetch('/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'same-origin' },
      body: 'hi',
    })
    expect(res.status).toBe(415)
    expectShopifyNotAsked()
  })

  // The attack: a page on another origin posts the buy form, to spend the visitor's
  // 10-a-minute checkout allowance or send them to a cart of 99 blankets.
  test('a form posted from another site is a 403 that says why, and leaves the visitor their allowance', async () => {
    const visitor = { 'CF-Connecting-IP': '198.51.100.77' }
    const form = new URLSearchParams({ merchandiseId: BLANKET_VARIANT_ID, quantity: '99' })
    for (let i = 0; i < 12; i++) {
      const res = await shop.fetch('/checkout', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          Origin: 'https://evil.example',
          'Sec-Fetch-Site': 'cross-site',
          ...visitor,
        },
        body: form,
      })
      expect(res.status).toBe(403)
      expect(await res.json()).toEqual({ error: 'A checkout can only be started from the shop’s own pages' })
    }
    expectShopifyNotAsked()
    const own = await shop.fetch('/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin', ...visitor },
      body: new URLSearchParams({ merchandiseId: BLANKET_VARIANT_ID }),
    })
    expect(own.status).toBe(303)
  })

  // The attack: 100 lines of 99 of one variant, each within the per-line cap.
  test('100 lines of 99 of one variant are a 400: the cap holds for the cart as a whole', async () => {
    const res = await postJson({ lines: Array.from({ length: 100 }, () => line(99)) })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { issues: { path: string; message: string }[] }).issues).toEqual([
      { path: 'lines', message: `${BLANKET_VARIANT_ID} adds up to 9900; at most 99 of a variant` },
    ])
    expectShopifyNotAsked()
  })

  test('other methods are 405 with Allow', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const res = await shop.fetch('/checkout', { method })
      expect(res.status).toBe(405)
      expect(res.headers.get('Allow')).toBe('POST')
    }
    expectShopifyNotAsked()
  })

  test('an invalid form post is a 400 in plain words', async () => {
    const res = await shop.fetch('/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ merchandiseId: 'nope', quantity: '1' }),
    })
    expect(res.status).toBe(400)
    expect(await res.text()).toMatch(/^Invalid checkout request: merchandiseId must be a gid/)
    expectShopifyNotAsked()
  })
})

describe('the error messages at checkout', () => {
  test.each([
    ['HTTP 402', { kind: 'status', status: 402 }, 'Shopify API access requires an active billing plan'],
    ['HTTP 500', { kind: 'status', status: 500 }, 'HTTP error! status: 500'],
    ['HTTP 429', { kind: 'status', status: 429 }, 'HTTP error! status: 429'],
    [
      'GraphQL errors',
      { kind: 'graphql-errors', messages: ['Throttled', 'Try later'] },
      'Error calling Shopify: Throttled, Try later',
    ],
    ['no checkout URL', { kind: 'no-checkout-url' }, 'No checkout URL returned from Shopify'],
    ['a hang past the timeout', { kind: 'hang' }, 'Shopify did not answer within 300 ms'],
    ['malformed JSON', { kind: 'malformed-json' }, 'Shopify answered with a body that is not JSON'],
    [
      'an answer of the wrong shape',
      { kind: 'bad-shape' },
      'Unexpected answer from Shopify (cartCreate: Invalid input: expected object, received undefined)',
    ],
  ] as const)('%s → 502 with the message', async (_, fault, message) => {
    shop.double.setFault(fault)
    const res = await postJson({ lines: [line()] })
    expect(res.status).toBe(502)
    // Raised into the log with the request id; the answer says it plainly, without Shopify's words.
    const answer = (await res.json()) as { error: string; reason: string; requestId: string }
    expect(answer).toEqual({
      error: 'Shopify could not be reached',
      reason: reasonOf(message),
      requestId: expect.any(String),
    })
    expect(
      shop
        .logEntries()
        .some(
          (e) =>
            e.message === 'checkout failed' && e.requestId === answer.requestId && JSON.stringify(e).includes(message),
        ),
    ).toBe(true)
  })

  test('cart user errors → "Cart creation failed: {messages}", raised into the log', async () => {
    const res = await postJson({ lines: [line(1, 'gid://shopify/ProductVariant/999')] })
    expect(res.status).toBe(502)
    const answer = (await res.json()) as { error: string; reason: string; requestId: string }
    expect([answer.error, answer.reason]).toEqual(['Shopify could not make a cart of these lines', 'user'])
    const raised = 'Cart creation failed: The merchandise with id gid://shopify/ProductVariant/999 does not exist.'
    expect(
      shop
        .logEntries()
        .some(
          (e) =>
            e.message === 'checkout failed' && e.requestId === answer.requestId && JSON.stringify(e).includes(raised),
        ),
    ).toBe(true)
  })
})

describe('the error catalogue on the product page', () => {
  test.each([
    ['HTTP 402', { kind: 'status', status: 402 }, 'Shopify API access requires an active billing plan'],
    ['HTTP 503', { kind: 'status', status: 503 }, 'HTTP error! status: 503'],
    [
      'GraphQL errors',
      { kind: 'graphql-errors', messages: ['Internal error'] },
      'Error calling Shopify: Internal error',
    ],
    [
      'a body of the wrong shape',
      { kind: 'bad-shape' },
      'Unexpected answer from Shopify (shop: Invalid input: expected object, received undefined; localization: Invalid input: expected object, received undefined; product: Invalid input: expected object, received undefined)',
    ],
  ] as const)('%s → "Product not found" view, 503, the message logged', async (_, fault, message) => {
    shop.double.setFault(fault)
    const handle = `fault-${Math.random().toString(36).slice(2)}` // uncached
    const res = await shop.fetch(`/product/${handle}`, { headers: { 'User-Agent': 'Mozilla/5.0 Chrome/126.0' } })
    expect(res.status).toBe(503)
    const html = await res.text()
    expect(html).toContain('Product not found')
    expect(html).toContain('Back to Home')
    expect(html).not.toContain(message) // shoppers see the spec's view, operators the log
    expect(
      shop.logEntries().some((e) => e.message === 'product fetch failed' && JSON.stringify(e).includes(message)),
    ).toBe(true)
  })

  test('the landing page still sells when the product fetch fails', async () => {
    shop.double.setFault({ kind: 'status', status: 500 })
    const res = await shop.fetch('/?uncached', { headers: { 'User-Agent': 'Mozilla/5.0 Chrome/126.0' } })
    expect(res.status).toBe(503) // so that no cache keeps it (src/routes/page-routes.tsx)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const html = await res.text()
    expect(html).toContain('Only $38 – Order Now!')
    expect(html).toContain('"status":"unavailable"')
  })
})
