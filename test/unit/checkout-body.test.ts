import { Hono } from 'hono'
import { timing } from 'hono/timing'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { AppEnv } from '../../src/app-env.ts'
import type { Bindings } from '../../src/config.ts'
import { checkout } from '../../src/routes/checkout.ts'
import { MAX_QUANTITY } from '../../client/model/cart.ts'

// POST /checkout in process (app.request, as Hono's own tests do), with Shopify played by a
// stubbed fetch: what the shopper's request may be, and what comes back. The worker tier
// runs the same route in the built Worker against the Storefront double.

const VARIANT = 'gid://shopify/ProductVariant/44012345678901'
const app = new Hono<AppEnv>()
  .use(timing({ total: false }))
  .use((c, next) => (c.set('requestId', 'ray-1'), next()))
  .route('/checkout', checkout)

type Line = { merchandiseId: string; quantity: number }

/** Shopify's answer to cartCreate: a cart holding `lines`, at $38 a blanket. */
const createdCart = (lines: Line[]) =>
  Response.json({
    data: {
      cartCreate: {
        cart: {
          id: 'gid://shopify/Cart/c1',
          checkoutUrl: 'https://blanket-shop.myshopify.com/cart/c/c1?key=k',
          totalQuantity: lines.reduce((n, l) => n + l.quantity, 0),
          cost: {
            totalAmount: { amount: (38 * lines.reduce((n, l) => n + l.quantity, 0)).toFixed(1), currencyCode: 'USD' },
          },
          lines: { nodes: lines.map((l) => ({ quantity: l.quantity, merchandise: { id: l.merchandiseId } })) },
        },
        userErrors: [],
      },
    },
  })

let shopify: { calls: { lines: Line[] }[]; headers: Headers[]; answer: (input: { lines: Line[] }) => Response }
let allowed: boolean
beforeEach(() => {
  allowed = true
  shopify = { calls: [], headers: [], answer: (input) => createdCart(input.lines) }
  vi.stubGlobal('fetch', async (_: RequestInfo, init: RequestInit) => {
    const input = JSON.parse(String(init.body)).variables.input
    shopify.calls.push(input)
    shopify.headers.push(new Headers(init.headers))
    return shopify.answer(input)
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
    // What each checkout tells the shop's CheckoutHealth (src/monitoring/), after the answer.
    CHECKOUT_HEALTH: { getByName: () => ({ observe: async (seen: unknown) => (told.push(seen), { change: null }) }) },
  }) as unknown as Bindings
let told: unknown[] = []
/** The work each request left for after its answer (telling CheckoutHealth): awaited before it is checked. */
const afterAnswers: Promise<unknown>[] = []
const ctx = {
  waitUntil: (work: Promise<unknown>) => afterAnswers.push(work),
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext
// Each test starts once the work the one before left has ended: none of it is told to this one.
beforeEach(async () => {
  await Promise.all(afterAnswers.splice(0))
  told = []
})

const postJson = (body: unknown) =>
  app.request(
    '/checkout',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    env(),
    ctx,
  )
const postForm = (fields: Record<string, string>) =>
  // As a browser sends the shop's own buy form.
  app.request(
    '/checkout',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams(fields).toString(),
    },
    env(),
    ctx,
  )

test('the app’s lines become one cart at Shopify; the answer is where to pay, on the online store channel', async () => {
  const res = await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 2 }] })
  expect(res.status).toBe(200)
  // `checkout`: the key the page names when it reports how long the checkout took (the cart id's digest).
  expect(await res.json()).toEqual({
    checkoutUrl: 'https://blanket-shop.myshopify.com/cart/c/c1?key=k&channel=online_store',
    cartId: 'gid://shopify/Cart/c1',
    totalQuantity: 2,
    checkout: expect.stringMatching(/^[0-9a-f]{16}$/),
  })
  expect(shopify.calls).toEqual([{ lines: [{ merchandiseId: VARIANT, quantity: 2 }] }])
  expect(res.headers.get('Cache-Control')).toBe('no-store')
  expect(res.headers.get('Server-Timing')).toMatch(/^storefront;dur=\d/)
})

test.each([
  ['no lines', {}, 'lines'],
  ['an empty cart', { lines: [] }, 'lines'],
  [
    'a product id instead of a variant id',
    { lines: [{ merchandiseId: 'gid://shopify/Product/1', quantity: 1 }] },
    'lines.0.merchandiseId',
  ],
  ['a quantity of 0', { lines: [{ merchandiseId: VARIANT, quantity: 0 }] }, 'lines.0.quantity'],
  ['a quantity of 100', { lines: [{ merchandiseId: VARIANT, quantity: 100 }] }, 'lines.0.quantity'],
  ['half a blanket', { lines: [{ merchandiseId: VARIANT, quantity: 1.5 }] }, 'lines.0.quantity'],
  ['a price of its own', { lines: [{ merchandiseId: VARIANT, quantity: 1, price: '0.01' }] }, 'lines.0'],
  ['101 lines', { lines: Array.from({ length: 101 }, () => ({ merchandiseId: VARIANT, quantity: 1 })) }, 'lines'],
  [
    'a gift message over 250',
    { lines: [{ merchandiseId: VARIANT, quantity: 1 }], giftMessage: 'x'.repeat(251) },
    'giftMessage',
  ],
  [
    'a gift message that is not text',
    { lines: [{ merchandiseId: VARIANT, quantity: 1 }], giftMessage: 7 },
    'giftMessage',
  ],
])('%s is a 400 that names what is wrong, and Shopify is not asked', async (_, body, path) => {
  const res = await postJson(body)
  expect(res.status).toBe(400)
  const problem = (await res.json()) as { error: string; issues: { path: string; message: string }[] }
  expect(problem.error).toBe('Invalid checkout request')
  expect(problem.issues.map((issue) => issue.path)).toContain(path)
  expect(shopify.calls).toEqual([])
})

test('a gift message goes to Shopify as the cart’s note, exactly as typed; none, no note', async () => {
  const message = `For Noa 🧸 מזל טוב! <script>alert(1)</script> ${'x'.repeat(200)}`.slice(0, 250)
  expect((await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 1 }], giftMessage: message })).status).toBe(200)
  expect((await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 1 }], giftMessage: '' })).status).toBe(200)
  expect(shopify.calls.map((input) => (input as { note?: string }).note)).toEqual([message, undefined])
})

test('a variant id is explained', async () => {
  const res = await postJson({ lines: [{ merchandiseId: 'blanket', quantity: 1 }] })
  expect(await res.json()).toEqual({
    error: 'Invalid checkout request',
    issues: [{ path: 'lines.0.merchandiseId', message: 'must be a gid://shopify/ProductVariant/<digits> id' }],
  })
})

test('a body that is not JSON, or not a cart at all, says so', async () => {
  expect(await (await postJson('{"lines": [')).json()).toEqual({ error: 'Request body is not valid JSON' })
  const text = await app.request(
    '/checkout',
    { method: 'POST', headers: { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'same-origin' }, body: 'blanket' },
    env(),
  )
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
  expect(await bad.text()).toBe(
    'Invalid checkout request: merchandiseId must be a gid://shopify/ProductVariant/<digits> id; quantity Too small: expected number to be >=1',
  )
})

test('a checkout that works tells CheckoutHealth nothing: only the shop’s own checks close an incident', async () => {
  expect((await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 1 }] })).status).toBe(200)
  shopify.answer = () => createdCart([])
  expect((await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 1 }] })).status).toBe(200)
  await Promise.all(afterAnswers)
  expect(told).toEqual([])
})

// Shopify's words (the catalogue's messages) go to the log with the request id; the answer
// carries a plain reason and that id (the shopper sees the spec's toast either way).
test("Shopify's refusal, or no answer from it: a plain reason and the request id; Shopify's words only in the log", async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
  shopify.answer = () =>
    Response.json({
      data: {
        cartCreate: { cart: null, userErrors: [{ field: ['lines'], message: 'The merchandise is sold out <script>' }] },
      },
    })
  const json = await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 1 }] })
  expect(json.status).toBe(502)
  expect(await json.json()).toEqual({
    error: 'Shopify could not make a cart of these lines',
    reason: 'user',
    requestId: 'ray-1',
  })
  const form = await postForm({ merchandiseId: VARIANT })
  expect(form.status).toBe(502)
  expect(await form.text()).toBe('Failed to create checkout. Please try again later. (Reference: ray-1)')
  // Both paths, JSON and form, leave Shopify's words for the operator.
  const raised = expect.objectContaining({
    message: 'checkout failed',
    requestId: 'ray-1',
    error: expect.objectContaining({ message: 'Cart creation failed: The merchandise is sold out <script>' }),
  })
  expect(logged.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([raised, raised])
  // Each failure is told, by its class, to whatever watches the checkout for the owner.
  await Promise.all(afterAnswers)
  expect(told).toEqual([
    expect.objectContaining({ source: 'checkouts', ok: false, failure: 'user' }),
    expect.objectContaining({ source: 'checkouts', ok: false, failure: 'user' }),
  ])
  // And the time spent asking Shopify is still reported on a failure.
  expect(json.headers.get('Server-Timing')).toMatch(/^storefront;dur=\d/)
  shopify.answer = () => {
    throw new TypeError('a bug of ours')
  }
  expect(await (await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 1 }] })).json()).toEqual({
    error: 'Shopify could not be reached',
    reason: 'network',
    requestId: 'ray-1',
  })
})

test('a form that cannot be parsed is a 400 that says so, not a JSON complaint', async () => {
  const res = await app.request(
    '/checkout',
    {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=x', 'Sec-Fetch-Site': 'same-origin' },
      body: '--y\r\ngarbage',
    },
    env(),
  )
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
  const res = await app.request(
    '/checkout',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lines: [{ merchandiseId: VARIANT, quantity: 1 }] }),
    },
    broken as Bindings,
  )
  expect(res.status).toBe(502)
  expect(await res.json()).toEqual({ error: 'Failed to create checkout', reason: 'internal', requestId: 'ray-1' })
  const form = await app.request(
    '/checkout',
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
      body: `merchandiseId=${encodeURIComponent(VARIANT)}`,
    },
    broken as Bindings,
  )
  expect(await form.text()).toBe('Failed to create checkout. Please try again later. (Reference: ray-1)')
  const lines = logged.mock.calls.map(([line]) => JSON.parse(String(line)))
  expect(lines).toEqual([
    expect.objectContaining({
      level: 'error',
      message: 'checkout failed',
      error: expect.objectContaining({ name: 'ConfigError' }),
    }),
    expect.objectContaining({ level: 'error', message: 'checkout failed' }),
  ])
})

// With the private token Shopify counts each buyer, not Cloudflare's few addresses.
test("with the private token, cartCreate carries the shopper's IP; with the public one, it never does", async () => {
  const send = (vars: Record<string, string>) =>
    app.request(
      '/checkout',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': '203.0.113.9' },
        body: JSON.stringify({ lines: [{ merchandiseId: VARIANT, quantity: 1 }] }),
      },
      { ...env(), ...vars } as Bindings,
    )
  expect((await send({ SHOPIFY_STOREFRONT_PRIVATE_TOKEN: 'secret' })).status).toBe(200)
  expect(shopify.headers[0]!.get('Shopify-Storefront-Private-Token')).toBe('secret')
  expect(shopify.headers[0]!.get('Shopify-Storefront-Buyer-IP')).toBe('203.0.113.9')
  expect((await send({})).status).toBe(200)
  expect(shopify.headers[1]!.get('X-Shopify-Storefront-Access-Token')).toBe('t')
  expect(shopify.headers[1]!.has('Shopify-Storefront-Buyer-IP')).toBe(false)
})

test('a hosted cart that is not what was sent is logged for the operator, with the request id', async () => {
  const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
  // Shopify lowered one line to what it had in stock and dropped another.
  shopify.answer = () => createdCart([{ merchandiseId: VARIANT, quantity: 2 }])
  const res = await postJson({
    lines: [
      { merchandiseId: VARIANT, quantity: 3 },
      { merchandiseId: 'gid://shopify/ProductVariant/7', quantity: 1 },
    ],
  })
  expect(res.status).toBe(200)
  expect(warned.mock.calls.map(([line]) => JSON.parse(String(line)))).toEqual([
    expect.objectContaining({
      level: 'warn',
      message: 'hosted cart differs from the lines sent',
      requestId: 'ray-1',
      cartId: 'gid://shopify/Cart/c1',
      differences: [
        { merchandiseId: VARIANT, sent: 3, created: 2 },
        { merchandiseId: 'gid://shopify/ProductVariant/7', sent: 1, created: 0 },
      ],
    }),
  ])
  // The same lines back: nothing to say.
  shopify.answer = (input) => createdCart(input.lines)
  await postJson({ lines: [{ merchandiseId: VARIANT, quantity: 3 }] })
  expect(warned).toHaveBeenCalledTimes(1)
})

// A page on another site may not spend a visitor's checkout allowance, nor send them to a
// cart they did not fill.
test.each([
  ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site (another subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
  ['an Origin of another site, from an older browser', { Origin: 'https://evil.example' }],
  ["a sandboxed page's null Origin", { Origin: 'null' }],
])('a form posted from another site (%s) is a 403 that says why, and Shopify is not asked', async (_, headers) => {
  for (const type of ['application/x-www-form-urlencoded', 'text/plain']) {
    const res = await app.request(
      '/checkout',
      {
        method: 'POST',
        headers: { 'Content-Type': type, ...headers },
        body: `merchandiseId=${encodeURIComponent(VARIANT)}&quantity=99`,
      },
      env(),
    )
    expect(res.status).toBe(403)
    expect(await res.json()).toEqual({ error: 'A checkout can only be started from the shop’s own pages' })
  }
  expect(shopify.calls).toEqual([])
})

test("the shop's own form: by Sec-Fetch-Site, or by an Origin that is the shop's", async () => {
  const send = (headers: Record<string, string>) =>
    app.request(
      '/checkout',
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: `merchandiseId=${encodeURIComponent(VARIANT)}`,
      },
      env(),
    )
  expect((await send({ 'Sec-Fetch-Site': 'same-origin' })).status).toBe(303)
  expect((await send({ Origin: 'http://localhost' })).status).toBe(303)
})

const OVER_THE_CAP = { path: 'lines', message: expect.stringMatching(/ adds up to \d+; at most 99 of a variant$/) }
test.each([
  ['99 in one line', [99], null],
  ['100 in one line', [100], { path: 'lines.0.quantity', message: 'Too big: expected number to be <=99' }],
  ['99 over three lines', [33, 33, 33], null],
  ['100 over two lines', [50, 50], OVER_THE_CAP],
  ['100 lines of 99', Array.from({ length: 100 }, () => 99), OVER_THE_CAP],
])(`the ${MAX_QUANTITY}-per-variant cap holds for the cart as a whole: %s`, async (_, quantities, issue) => {
  const res = await postJson({ lines: quantities.map((quantity) => ({ merchandiseId: VARIANT, quantity })) })
  if (!issue) {
    expect(res.status).toBe(200)
    expect(shopify.calls).toEqual([{ lines: [{ merchandiseId: VARIANT, quantity: 99 }] }])
  } else {
    expect(res.status).toBe(400)
    expect(((await res.json()) as { issues: { path: string; message: string }[] }).issues).toContainEqual(issue)
    expect(shopify.calls).toEqual([])
  }
})

// Shopify reads a variant's number, so 0001 and 1 are one variant to it: merged as such.
test.each([
  [
    'each line with its own number of leading zeros',
    (id: string, i: number) => id.replace(/(\d+)$/, `${'0'.repeat(i)}$1`),
  ],
  [
    'two of three lines, one with a leading zero',
    (id: string, i: number) => (i === 1 ? id.replace(/(\d+)$/, '0$1') : i === 2 ? id.replace(/\d+$/, '7') : id),
  ],
])(`the ${MAX_QUANTITY}-per-variant cap holds however a variant id is spelled: %s`, async (_, spell) => {
  const res = await postJson({
    lines: [60, 60, 1].map((quantity, i) => ({ merchandiseId: spell(VARIANT, i), quantity })),
  })
  expect(res.status).toBe(400)
  expect(((await res.json()) as { issues: { path: string; message: string }[] }).issues).toContainEqual(OVER_THE_CAP)
  expect(shopify.calls).toEqual([])
})

test('a variant id with leading zeros reaches Shopify as its one spelling', async () => {
  const res = await postJson({
    lines: [
      { merchandiseId: VARIANT.replace(/(\d+)$/, '00$1'), quantity: 2 },
      { merchandiseId: VARIANT, quantity: 1 },
    ],
  })
  expect(res.status).toBe(200)
  expect(shopify.calls).toEqual([{ lines: [{ merchandiseId: VARIANT, quantity: 3 }] }])
})
