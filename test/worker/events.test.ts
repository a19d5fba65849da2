import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { chdbAvailable } from '../../scripts/report/clickhouse.ts'
import { inOneRateLimitWindow, startShop, TEST_CF, type Shop } from '../../scripts/harness/shop.ts'

// POST /events, the field analytics' beacon, and the two counts the Worker keeps itself.

let shop: Shop
let limited: Shop
beforeAll(async () => {
  ;[shop, limited] = await Promise.all([startShop(), startShop({}, { eventsPerMinute: 3 })])
})
afterAll(() => Promise.all([shop?.dispose(), limited?.dispose()]))
beforeEach(() => shop.double.reset())

const batch = (events: unknown[], rest: Record<string, unknown> = {}) => ({
  page: 'product',
  device: 'phone',
  connection: '4g',
  events,
  ...rest,
})
const post = (body: unknown, headers: Record<string, string> = {}, on = shop) =>
  on.fetchWithCf('/events', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
const countOf = (rows: Record<string, string | number>[], event: string) =>
  rows.filter((row) => row.blob1 === event).length
/** A test that reads `npm run report`, whose SQL runs in chDB: skipped, and said so, where chDB has no build (Windows). */
const reportTest = test.runIf(chdbAvailable)
const funnelCount = async (step: string) => (await shop.report()).funnel.find((s) => s.step === step)!.count

describe('a beacon from the shop', () => {
  test('is kept, one row per event, with the route pattern, and the country and data centre from request.cf', async () => {
    const before = await shop.analyticsRows()
    const res = await post(
      batch([
        { type: 'page_view' },
        { type: 'add_to_cart', quantity: 2 },
        { type: 'vital', name: 'LCP', value: 1234.5, element: 'picture', navigation: 'back-forward-cache' },
      ]),
    )
    expect(res.status).toBe(204)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    await expect.poll(async () => (await shop.analyticsRows()).length).toBe(before.length + 3)
    const rows = (await shop.analyticsRows()).slice(before.length)
    const lcp = rows.find((row) => row.blob1 === 'vital')!
    expect(lcp).toMatchObject({
      index1: 'vital',
      blob2: '/product/:handle',
      blob3: TEST_CF.country,
      blob4: TEST_CF.colo,
      blob5: 'phone',
      blob6: '4g',
      blob7: 'LCP',
      blob8: 'picture',
      blob10: 'back-forward-cache',
      double1: 1234.5,
    })
    expect(rows.find((row) => row.blob1 === 'add_to_cart')).toMatchObject({ double1: 2, blob2: '/product/:handle' })
  })

  test("the checkout's span is kept in ms, with the request's part of it and the checkout it names, the key POST /checkout answered with", async () => {
    const res = await shop.fetch('/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] }),
    })
    const { checkout } = (await res.json()) as { checkout: string }
    expect(checkout).toMatch(/^[0-9a-f]{16}$/)
    await expect
      .poll(async () =>
        (await shop.analyticsRows()).find((row) => row.blob1 === 'checkout_created' && row.blob9 === checkout),
      )
      .toBeTruthy()
    const before = await shop.analyticsRows()
    expect(
      (await post(batch([{ type: 'checkout_ready', ms: 812, request: 590, checkout, opened: 'in-app' }]))).status,
    ).toBe(204)
    // A page served before the key was sent still reports; the report sets its timing aside.
    expect((await post(batch([{ type: 'checkout_ready', ms: 640 }]))).status).toBe(204)
    await expect.poll(async () => (await shop.analyticsRows()).length).toBe(before.length + 2)
    expect((await shop.analyticsRows()).slice(-2)).toMatchObject([
      { blob1: 'checkout_ready', double2: 812, double3: 590, blob9: checkout, blob7: 'in-app' },
      { blob1: 'checkout_ready', double2: 640, double3: 0, blob9: '', blob7: '' },
    ])
  })

  test('a Back the back-forward cache did not restore is kept a row a reason, with its page', async () => {
    const before = await shop.analyticsRows()
    expect((await post(batch([{ type: 'not_restored', reasons: ['masked', 'broadcastchannel'] }]))).status).toBe(204)
    await expect.poll(async () => (await shop.analyticsRows()).length).toBe(before.length + 2)
    expect((await shop.analyticsRows()).slice(-2)).toMatchObject([
      { blob1: 'not_restored', blob2: '/product/:handle', blob7: 'masked' },
      { blob1: 'not_restored', blob2: '/product/:handle', blob7: 'broadcastchannel' },
    ])
  })

  test('the same beacon twice is kept twice (never answered from a cache)', async () => {
    const before = countOf(await shop.analyticsRows(), 'cart_opened')
    for (let i = 0; i < 2; i++)
      expect((await post(batch([{ type: 'page_view' }, { type: 'cart_opened' }]))).status).toBe(204)
    await expect.poll(async () => countOf(await shop.analyticsRows(), 'cart_opened')).toBe(before + 2)
  })
})

describe('Global Privacy Control', () => {
  test('a beacon with Sec-GPC: 1 is answered 204 and nothing is kept', async () => {
    const before = (await shop.analyticsRows()).length
    expect((await post(batch([{ type: 'page_view' }]), { 'Sec-GPC': '1' })).status).toBe(204)
    // A marker after it: once that row is in, the GPC one would have been too.
    expect((await post(batch([{ type: 'vital', name: 'TTFB', value: 1 }]))).status).toBe(204)
    await expect.poll(async () => (await shop.analyticsRows()).length).toBe(before + 1)
    expect((await shop.analyticsRows()).at(-1)!.blob7).toBe('TTFB')
  })
})

describe('hostile bodies get a 400 that says what is wrong, and nothing is kept', () => {
  const cases: [string, unknown, RegExp][] = [
    ['not JSON', '{"page":', /not valid JSON/],
    ['a server-side step', batch([{ type: 'checkout_created' }]), /events\.0\.type/],
    ['an order', batch([{ type: 'order_created' }]), /events\.0\.type/],
    ['an address instead of a page', batch([{ type: 'page_view' }], { page: '/product/x?utm_source=me' }), /page/],
    ['an unknown field (an id)', batch([{ type: 'page_view', visitorId: 'abc' }]), /visitorId|Unrecognized/i],
    ['a field besides the batch', { ...batch([{ type: 'page_view' }]), userAgent: 'x' }, /userAgent|Unrecognized/i],
    ['a country from the browser', batch([{ type: 'page_view' }], { country: 'US' }), /country|Unrecognized/i],
    ['no events', batch([]), /events/],
    ['too many events for one invocation', batch(Array.from({ length: 26 }, () => ({ type: 'page_view' }))), /events/],
    ['a negative vital', batch([{ type: 'vital', name: 'LCP', value: -1 }]), /value/],
    ['an unbounded vital', batch([{ type: 'vital', name: 'INP', value: 1e12 }]), /value/],
    ['a vital that is no number', batch([{ type: 'vital', name: 'CLS', value: 'NaN' }]), /value/],
    ['an unknown vital', batch([{ type: 'vital', name: 'FID', value: 10 }]), /name/],
    ['a checkout timed at over a minute', batch([{ type: 'checkout_ready', ms: 60_001 }]), /ms/],
    [
      'a checkout opened where no checkout opens',
      batch([{ type: 'checkout_ready', ms: 900, opened: 'popup' }]),
      /opened/,
    ],
    ['a reason for not restoring that is no name', batch([{ type: 'not_restored', reasons: ['<script>'] }]), /reasons/],
    [
      'more reasons than a page has',
      batch([{ type: 'not_restored', reasons: Array.from({ length: 9 }, (_, i) => `r${i}`) }]),
      /reasons/,
    ],
    [
      'a checkout timing naming no key the Worker gives',
      batch([{ type: 'checkout_ready', ms: 900, checkout: 'gid://shopify/Cart/1' }]),
      /checkout/,
    ],
    [
      'a request longer than the checkout it is part of',
      batch([{ type: 'checkout_ready', ms: 900, request: 901 }]),
      /request/,
    ],
    [
      'a checkout timed twice in one beacon',
      batch([
        { type: 'checkout_ready', ms: 900 },
        { type: 'checkout_ready', ms: 900 },
      ]),
      /more than once/,
    ],
    [
      'a navigation type web-vitals never gives',
      batch([{ type: 'vital', name: 'LCP', value: 900, navigation: 'https://elsewhere.example/' }]),
      /navigation/,
    ],
    ['a quantity over the cap', batch([{ type: 'add_to_cart', quantity: 100 }]), /quantity/],
    // The steps the Worker sees first-hand are its own to count (src/routes/checkout.ts).
    ['a checkout started, from the browser', batch([{ type: 'checkout_started' }]), /events\.0\.type/],
    ['a checkout failed, from the browser', batch([{ type: 'checkout_failed', reason: 'billing' }]), /events\.0\.type/],
    // The forgery that moved p75: one address, inside its allowance, each beacon 25 of one vital.
    [
      'a CLS of 60,000',
      batch([{ type: 'vital', name: 'CLS', value: 60_000 }]),
      /value.*beyond what any real page load measures/,
    ],
    ['an LCP of over a minute', batch([{ type: 'vital', name: 'LCP', value: 60_001 }]), /value/],
    ['an INP of a minute', batch([{ type: 'vital', name: 'INP', value: 60_000 }]), /value/],
    [
      'the same vital twice in one page load',
      batch([
        { type: 'vital', name: 'LCP', value: 1200 },
        { type: 'vital', name: 'LCP', value: 1300 },
      ]),
      /names a vital more than once/,
    ],
    [
      '25 LCPs in one beacon',
      batch(Array.from({ length: 25 }, () => ({ type: 'vital', name: 'LCP', value: 60_000 }))),
      /names a vital more than once/,
    ],
    // The forgery that moved the funnel: one address, inside its allowance, 25 steps a beacon.
    [
      '25 adds to cart in one beacon',
      batch([{ type: 'page_view' }, ...Array.from({ length: 24 }, () => ({ type: 'add_to_cart', quantity: 1 }))]),
      /names a funnel step more than once/,
    ],
    [
      'two page views in one beacon',
      batch([{ type: 'page_view' }, { type: 'page_view' }]),
      /names a funnel step more than once/,
    ],
    ['a cart opened without its page view', batch([{ type: 'cart_opened' }]), /without the page view it came from/],
    [
      'an add to cart without its page view',
      batch([
        { type: 'add_to_cart', quantity: 1 },
        { type: 'vital', name: 'INP', value: 80 },
      ]),
      /without the page view it came from/,
    ],
  ]
  // Nothing of the body is kept; the refusal itself is counted (a beacon_refused row now and then).
  const kept = async () => (await shop.analyticsRows()).filter((row) => row.blob1 !== 'beacon_refused').length
  test.each(cases)('%s', async (_, body, says) => {
    const before = await kept()
    const res = await post(body)
    expect(res.status).toBe(400)
    expect(JSON.stringify(await res.json())).toMatch(says)
    expect(await kept()).toBe(before)
  })

  reportTest('refused beacons are counted for the report: the first one, then one row per hundred', async () => {
    const refused = async () => (await shop.report()).refusedBeacons
    const before = await refused()
    for (let i = 0; i < 150; i++)
      expect((await post(batch([{ type: 'vital', name: 'CLS', value: 60_000 }]))).status).toBe(400)
    const after = await refused()
    // Each row says how many refusals it stands for; up to 99 (this file's earlier ones, or
    // these) may still wait for theirs.
    expect(after - before).toBeGreaterThanOrEqual(150 - 99)
    expect(after - before).toBeLessThanOrEqual(150 + 99)
    expect(countOf(await shop.analyticsRows(), 'beacon_refused')).toBeLessThanOrEqual(
      Math.ceil((await refused()) / 100) + 1,
    )
  })

  test('a body over 8 KB is a 413', async () => {
    const res = await post(
      JSON.stringify(batch([{ type: 'page_view' }])).replace('"phone"', `"phone"${' '.repeat(9000)}`),
    )
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ error: 'Request body is larger than 8192 bytes' })
  })

  test('anything but JSON is a 415, a cross-site form post a 403, any other method a 405', async () => {
    expect((await post('page=product', { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'same-origin' })).status).toBe(
      415,
    )
    const crossSite = await post('page=product', {
      'Content-Type': 'text/plain',
      'Sec-Fetch-Site': 'cross-site',
      Origin: 'https://evil.example',
    })
    expect(crossSite.status).toBe(403)
    expect(((await crossSite.json()) as { error: string }).error).toMatch(/shop’s own pages/)
    const get = await shop.fetch('/events')
    expect([get.status, get.headers.get('Allow')]).toEqual([405, 'POST'])
  })
})

// Before, one IPv4 inside its rate limit took 'add to cart' from 40 to 640 and 'cart opened'
// from 20 to 620 against 200 page views: a beacon could hold 25 of either, and no page view.
reportTest(
  'one address, at its whole allowance, cannot push adds to cart or carts opened past its page views',
  async () => {
    const forger = { 'CF-Connecting-IP': '203.0.113.66' }
    const before = await shop.report()
    const step = (report: typeof before, name: string) => report.funnel.find((s) => s.step === name)!.count
    const forgeries = [
      [
        { type: 'page_view' },
        ...Array.from({ length: 12 }, () => ({ type: 'add_to_cart', quantity: 1 })),
        ...Array.from({ length: 12 }, () => ({ type: 'cart_opened' })),
      ],
      Array.from({ length: 25 }, () => ({ type: 'add_to_cart', quantity: 99 })),
      Array.from({ length: 25 }, () => ({ type: 'cart_opened' })),
      [{ type: 'add_to_cart', quantity: 1 }, { type: 'cart_opened' }],
      [{ type: 'page_view' }, { type: 'add_to_cart', quantity: 99 }, { type: 'cart_opened' }], // the most a beacon may hold
    ]
    for (let i = 0; i < 60; i++) await post(batch(forgeries[i % forgeries.length]!), forger)
    await expect.poll(async () => step(await shop.report(), 'page_view')).toBe(step(before, 'page_view') + 12)
    const after = await shop.report()
    expect(step(after, 'add_to_cart') - step(before, 'add_to_cart')).toBeLessThanOrEqual(
      step(after, 'page_view') - step(before, 'page_view'),
    )
    expect(step(after, 'cart_opened') - step(before, 'cart_opened')).toBeLessThanOrEqual(
      step(after, 'page_view') - step(before, 'page_view'),
    )
    expect(step(after, 'add_to_cart') - step(before, 'add_to_cart')).toBe(12)
  },
)

test('the rate limit holds per client, an IPv6 client by its /64', async () => {
  const from = (ip: string) => post(batch([{ type: 'page_view' }]), { 'CF-Connecting-IP': ip }, limited)
  await inOneRateLimitWindow()
  for (let i = 0; i < 3; i++) expect((await from(`2001:db8:1:2::${i + 1}`)).status).toBe(204)
  const over = await from('2001:db8:1:2:ffff::9')
  expect(over.status).toBe(429)
  expect(over.headers.get('Retry-After')).toBe('60')
  expect((await from('2001:db8:1:3::1')).status).toBe(204) // another /64
})

describe('the server-side counts', () => {
  const checkout = async () => {
    const res = await shop.fetch('/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] }),
    })
    expect(res.status).toBe(200)
    return ((await res.json()) as { cartId: string }).cartId
  }
  const status = (id: string) => shop.fetch(`/cart/status?id=${encodeURIComponent(id)}`)

  reportTest(
    'a checkout counts once when Shopify makes its cart; asking after its cart counts no order, however often (only Shopify’s orders/create does: orders.test.ts)',
    async () => {
      const [created, ordered] = [await funnelCount('checkout_created'), await funnelCount('order_created')]
      const cartId = await checkout()
      await expect.poll(() => funnelCount('checkout_created')).toBe(created + 1)
      expect(await (await status(cartId)).json()).toEqual({ status: 'open' })
      shop.double.completeCart(cartId)
      for (let i = 0; i < 3; i++) expect(await (await status(cartId)).json()).toEqual({ status: 'gone' })
      expect(countOf(await shop.analyticsRows(), 'order_created')).toBe(0)
      expect(await funnelCount('order_created')).toBe(ordered)
    },
  )

  reportTest(
    'checkouts started and failed are counted by the Worker, where they happen, each failure by its class',
    async () => {
      const rows = await shop.analyticsRows()
      const [started, failed] = [countOf(rows, 'checkout_started'), countOf(rows, 'checkout_failed')]
      await checkout()
      shop.double.setFault({ kind: 'status', status: 402 }, 'CartCreate')
      const refused = await shop.fetch('/checkout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] }),
      })
      expect(refused.status).toBe(502)
      shop.double.setFault(null)
      await expect.poll(async () => countOf(await shop.analyticsRows(), 'checkout_started')).toBe(started + 2)
      await expect.poll(async () => countOf(await shop.analyticsRows(), 'checkout_failed')).toBe(failed + 1)
      expect((await shop.analyticsRows()).filter((row) => row.blob1 === 'checkout_failed').at(-1)).toMatchObject({
        blob7: 'billing',
      })
      expect((await shop.report()).checkoutFailures.billing).toBeGreaterThanOrEqual(1)
    },
  )

  reportTest('a flood of forged events and made-up cart ids changes neither count', async () => {
    const [created, ordered] = [await funnelCount('checkout_created'), await funnelCount('order_created')]
    const forged = [
      { type: 'checkout_created' },
      { type: 'order_created' },
      { type: 'checkout_started' },
      { type: 'checkout_failed', reason: 'billing' },
      { type: 'vital', name: 'LCP', value: 1, cart: 'x' },
    ]
    for (const event of forged) expect((await post(batch(Array.from({ length: 25 }, () => event)))).status).toBe(400)
    // Ids Shopify never made read as gone, and write nothing.
    const rows = (await shop.analyticsRows()).length
    for (let i = 0; i < 5; i++)
      expect(await (await status(`gid://shopify/Cart/forged${i}?key=k${i}`)).json()).toEqual({ status: 'gone' })
    expect((await shop.analyticsRows()).length).toBe(rows)
    expect([await funnelCount('checkout_created'), await funnelCount('order_created')]).toEqual([created, ordered])
  })
})
