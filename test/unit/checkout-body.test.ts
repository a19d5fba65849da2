import { Hono } from 'hono'
import { timing } from 'hono/timing'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { AppEnv } from '../../src/app-env'
import type { Bindings } from '../../src/config'
import { checkout } from '../../src/routes/checkout'

// POST /checkout in process (app.request, as Hono's own tests do), with Shopify played by a
// stubbed fetch: what the shopper's request may be, and what comes back. The worker tier
// runs the same route in the built Worker against the Storefront double.

const VARIANT = 'gid://shopify/ProductVariant/44012345678901'
const app = new Hono<AppEnv>().use(timing({ total: false })).route('/checkout', checkout)

let shopify: { calls: { lines: unknown }[]; answer: () => Response }
let allowed: boolean
beforeEach(() => {
  allowed = true
  shopify = {
    calls: [],
    answer: () => Response.json({ data: { cartCreate: { cart: { id: 'gid://shopify/Cart/c1', checkoutUrl: 'https://blanket-shop.myshopify.com/cart/c/c1?key=k', totalQuantity: 2 }, userErrors: [] } } }),
  }
  vi.stubGlobal('fetch', async (_: RequestInfo, init: RequestInit) => {
    shopify.calls.push(JSON.parse(String(init.body)).variables.input)
    return shopify.answer()
  })
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.unstubAllGlobals())

const env = () =>
  ({
    SHOP_ORIGIN: 'https://shop.example.com',
    SHOPIFY_STORE_DOMAIN: 'blanket-shop.myshopify.com',
    SHOPIFY_STOREFRONT_TOKEN: 't',
    CHECKOUT_RATE_LIMITER: { limit: async () => ({ success: allowed }) },
  }) as unknown as Bindings

const postJson = (body: unknown) =>
  app.request('/checkout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) }, env())
const postForm = (fields: Record<string, string>) =>
  app.request('/checkout', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() }, env())

test('the app’s lines become one cart at Shopify; the answer is where to pay, on the online store channel', async () => {
  const res = await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 2 }] })
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ checkoutUrl: 'https://blanket-shop.myshopify.com/cart/c/c1?key=k&channel=online_store', cartId: 'gid://shopify/Cart/c1', totalQuantity: 2 })
  expect(shopify.calls).toEqual([{ lines: [{ merchandiseId: VARIANT, quantity: 2 }] }])
  expect(res.headers.get('Cache-Control')).toBe('no-store')
  expect(res.headers.get('Server-Timing')).toMatch(/^storefront;dur=\d/)
})

test.each([
  ['no lines', {}, 'lines'],
  ['an empty cart', { lines: [] }, 'lines'],
  ['a product id instead of a variant id', { lines: [{ merchandiseId: 'gid://shopify/Product/1', quantity: 1 }] }, 'lines.0.merchandiseId'],
  ['a quantity of 0', { lines: [{ merchandiseId: VARIANT, quantity: 0 }] }, 'lines.0.quantity'],
  ['a quantity of 100', { lines: [{ merchandiseId: VARIANT, quantity: 100 }] }, 'lines.0.quantity'],
  ['half a blanket', { lines: [{ merchandiseId: VARIANT, quantity: 1.5 }] }, 'lines.0.quantity'],
  ['a price of its own', { lines: [{ merchandiseId: VARIANT, quantity: 1, price: '0.01' }] }, 'lines.0'],
  ['101 lines', { lines: Array.from({ length: 101 }, () => ({ merchandiseId: VARIANT, quantity: 1 })) }, 'lines'],
])('%s is a 400 that names what is wrong, and Shopify is not asked', async (_, body, path) => {
  const res = await postJson(body)
  expect(res.status).toBe(400)
  const problem = (await res.json()) as { error: string; issues: { path: string; message: string }[] }
  expect(problem.error).toBe('Invalid checkout request')
  expect(problem.issues.map((issue) => issue.path)).toContain(path)
  expect(shopify.calls).toEqual([])
})

test('a variant id is explained', async () => {
  const res = await postJson({ lines: [{ merchandiseId: 'blanket', quantity: 1 }] })
  expect(await res.json()).toEqual({ error: 'Invalid checkout request', issues: [{ path: 'lines.0.merchandiseId', message: 'must be a gid://shopify/ProductVariant/<digits> id' }] })
})

test('a body that is not JSON, or not a cart at all, says so', async () => {
  expect(await (await postJson('{"lines": [')).json()).toEqual({ error: 'Request body is not valid JSON' })
  const text = await app.request('/checkout', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'blanket' }, env())
  expect(text.status).toBe(415)
  expect(await text.json()).toEqual({ error: 'Send the cart as application/json or application/x-www-form-urlencoded' })
  const huge = await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 1 }], padding: 'x'.repeat(17 * 1024) })
  expect(huge.status).toBe(413)
  expect(await huge.json()).toEqual({ error: 'Request body is larger than 16384 bytes' })
  expect(shopify.calls).toEqual([])
})

test('only POST: anything else is a 405 that says Allow: POST', async () => {
  const res = await app.request('/checkout', {}, env())
  expect(res.status).toBe(405)
  expect(res.headers.get('Allow')).toBe('POST')
  expect(await res.json()).toEqual({ error: 'GET is not allowed here; use POST' })
})

test('past the rate limit: 429, Retry-After, and Shopify is not asked', async () => {
  allowed = false
  const res = await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 1 }] })
  expect(res.status).toBe(429)
  expect(res.headers.get('Retry-After')).toBe('60')
  expect(await res.json()).toEqual({ error: 'Too many checkout attempts; please try again in a minute' })
  expect(shopify.calls).toEqual([])
})

test('the no-JavaScript form: one variant, quantity 1 when left empty, answered with a 303 to Shopify', async () => {
  const res = await postForm({ merchandiseId: VARIANT, quantity: '' })
  expect(res.status).toBe(303)
  expect(res.headers.get('Location')).toBe('https://blanket-shop.myshopify.com/cart/c/c1?key=k&channel=online_store')
  expect(shopify.calls).toEqual([{ lines: [{ merchandiseId: VARIANT, quantity: 1 }] }])
  expect((await postForm({ merchandiseId: VARIANT, quantity: '3' })).status).toBe(303)
  expect(shopify.calls[1]).toEqual({ lines: [{ merchandiseId: VARIANT, quantity: 3 }] })
  const bad = await postForm({ merchandiseId: 'blanket', quantity: '0' })
  expect(bad.status).toBe(400)
  expect(await bad.text()).toBe('Invalid checkout request: merchandiseId must be a gid://shopify/ProductVariant/<digits> id; quantity Too small: expected number to be >=1')
})

test("Shopify's refusal, or no answer from it, reaches the shopper in the shop's words", async () => {
  shopify.answer = () => Response.json({ data: { cartCreate: { cart: null, userErrors: [{ field: ['lines'], message: 'The merchandise is sold out' }] } } })
  const json = await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 1 }] })
  expect(json.status).toBe(502)
  expect(await json.json()).toEqual({ error: 'Cart creation failed: The merchandise is sold out' })
  const form = await postForm({ merchandiseId: VARIANT })
  expect(form.status).toBe(502)
  expect(await form.text()).toBe('Failed to create checkout. Cart creation failed: The merchandise is sold out. Please try again later.')
  shopify.answer = () => {
    throw new TypeError('a bug of ours')
  }
  expect(await (await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 1 }] })).json()).toEqual({ error: 'Could not reach Shopify: a bug of ours' })
})

test('a form that cannot be parsed is a 400 that says so, not a JSON complaint', async () => {
  const res = await app.request('/checkout', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, body: '--y\r\ngarbage' }, env())
  expect(res.status).toBe(400)
  expect(await res.text()).toBe('Malformed FormData request. Failed to parse body as FormData.')
})

test('a hostile cart gets at most ten issues back, however many lines are wrong', async () => {
  const res = await postJson({ lines: Array.from({ length: 50 }, () => ({ merchandiseId: 'x', quantity: -1 })) })
  expect(((await res.json()) as { issues: unknown[] }).issues).toHaveLength(10)
})

test('a failure of our own is logged for the operator and stays generic for the shopper', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  const broken = { ...env(), SHOPIFY_STOREFRONT_TOKEN: undefined } // the config cannot be read
  const res = await app.request('/checkout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ lines: [{ merchandiseId: VARIANT, quantity: 1 }] }) }, broken as Bindings)
  expect(res.status).toBe(502)
  expect(await res.json()).toEqual({ error: 'Failed to create checkout' })
  const form = await app.request('/checkout', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: `merchandiseId=${encodeURIComponent(VARIANT)}` }, broken as Bindings)
  expect(await form.text()).toBe('Failed to create checkout. Failed to create checkout. Please try again later.')
  const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)))
  expect(lines).toEqual([
    expect.objectContaining({ level: 'error', message: 'checkout failed', error: expect.objectContaining({ name: 'ConfigError' }) }),
    expect.objectContaining({ level: 'error', message: 'checkout failed' }),
  ])
})
