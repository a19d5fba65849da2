import { expect, test } from 'vitest'
import { aggregate, weightedP75, type Row } from '../../scripts/report/aggregate'
import { asHtml } from '../../scripts/report/html'
import { analyticsEngine, MAX_ROWS, type Read } from '../../scripts/report/sources'
import { asText } from '../../scripts/report/text'

// `npm run report`'s arithmetic, on rows shaped as Analytics Engine's SQL API answers them.

const row = (event: string, fields: Partial<Record<string, string | number>> = {}): Row => ({ blob1: event, blob2: '/', blob3: 'NZ', blob5: 'phone', double1: 1, _sample_interval: 1, ...fields })
const vital = (name: string, value: number, fields: Partial<Record<string, string | number>> = {}) => row('vital', { blob7: name, double1: value, ...fields })

test('p75 is the smallest value with three quarters of the weight at or below it', () => {
  expect(weightedP75([])).toBeNull()
  expect(weightedP75([1, 2, 3, 4].map((value) => ({ value, weight: 1 })))).toBe(3)
  // A sampled row stands for as many as its interval says.
  expect(weightedP75([{ value: 100, weight: 1 }, { value: 5000, weight: 9 }])).toBe(5000)
  expect(weightedP75([{ value: 100, weight: 9 }, { value: 5000, weight: 1 }])).toBe(100)
})

test('the funnel weights each row by its sample interval and gives each step its share of the step before', () => {
  const report = aggregate([row('page_view', { _sample_interval: 4 }), row('page_view'), row('add_to_cart'), row('add_to_cart'), row('cart_opened'), row('checkout_started')])
  expect(report.funnel.slice(0, 4)).toEqual([
    { step: 'page_view', count: 5, conversion: null },
    { step: 'add_to_cart', count: 2, conversion: 0.4 },
    { step: 'cart_opened', count: 1, conversion: 0.5 },
    { step: 'checkout_started', count: 1, conversion: 1 },
  ])
})

test('checkouts count once per cart, and orders only once each and only for carts the checkout made', () => {
  const rows = [
    row('checkout_created', { blob9: 'a' }),
    row('checkout_created', { blob9: 'b' }),
    row('order_completed', { blob9: 'a' }),
    row('order_completed', { blob9: 'a' }), // asked again
    row('order_completed', { blob9: 'forged' }), // a cart this shop never made
  ]
  const counts = Object.fromEntries(aggregate(rows).funnel.map((s) => [s.step, s.count]))
  expect([counts.checkout_created, counts.order_completed]).toEqual([2, 1])
  expect(aggregate(rows).funnel.at(-1)!.conversion).toBe(0.5)
})

test('vitals break down by page, country and device, with the LCP element and the thresholds', () => {
  const report = aggregate([
    vital('LCP', 1000, { blob8: 'picture' }),
    vital('LCP', 3000, { blob8: 'picture', blob3: 'DE' }),
    vital('LCP', 5000, { blob2: '/product/:handle', blob5: 'desktop', blob8: 'text' }),
    vital('CLS', 0.05),
    vital('INP', 250),
  ])
  expect(report.vitals.byPage['/']).toEqual({ LCP: { p75: 3000, count: 2 }, CLS: { p75: 0.05, count: 1 }, INP: { p75: 250, count: 1 } })
  expect(report.vitals.byCountry.DE).toEqual({ LCP: { p75: 3000, count: 1 } })
  expect(Object.keys(report.vitals.byDevice).sort()).toEqual(['desktop', 'phone'])
  expect(report.lcpElements).toEqual({ '/': { picture: 2 }, '/product/:handle': { text: 1 } })
  expect(report.distributions.LCP).toMatchObject({ good: 1, needsImprovement: 1, poor: 1, count: 3, p75: 5000 })
  expect(report.distributions.INP).toMatchObject({ good: 0, needsImprovement: 1, poor: 0 })
})

test('the HTML report is one page that fetches and runs nothing, and the text says where the rows came from', () => {
  const report = aggregate([row('page_view'), vital('LCP', 1200, { blob2: '/<script>' })])
  const html = asHtml(report, 'The shop, last 24 h')
  expect(html).toMatch(/^<!doctype html>/)
  expect(html).toContain('<svg')
  expect(html).not.toMatch(/<script|src=|href=|url\(/i)
  expect(html).toContain('/&#60;script&#62;')
  expect(asText(report, 'The shop, last 24 h, from the local stand-in')).toMatch(/^The shop, last 24 h, from the local stand-in\n[\s\S]*page views\s+1\n[\s\S]*LCP/)
})

// Production's source, against a stand-in for the SQL API: the one request it makes.
test('production is read through the Analytics Engine SQL API with the token, the window and FORMAT JSON', async () => {
  const asked: { url: string; init: RequestInit }[] = []
  const realFetch = globalThis.fetch
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    asked.push({ url, init })
    return Response.json({ meta: [], data: [row('page_view', { _sample_interval: '4' })], rows: 1 })
  }) as typeof fetch
  try {
    const { rows, notes } = await analyticsEngine('0123456789abcdef0123456789abcdef', 'secret-token', 'blanket_shop_events').read(6)
    expect(aggregate(rows).funnel[0]).toEqual({ step: 'page_view', count: 4, conversion: null })
    expect(notes).toEqual([])
  } finally {
    globalThis.fetch = realFetch
  }
  expect(asked).toHaveLength(1)
  expect(asked[0]!.url).toBe('https://api.cloudflare.com/client/v4/accounts/0123456789abcdef0123456789abcdef/analytics_engine/sql')
  expect(asked[0]!.init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer secret-token' } })
  expect(asked[0]!.init.body).toMatch(/^SELECT timestamp, _sample_interval, blob1, blob2, .*double1 FROM blanket_shop_events WHERE timestamp > NOW\(\) - INTERVAL '6' HOUR ORDER BY timestamp LIMIT 100000 FORMAT JSON$/)
  // A dataset name is put into the query as it is: anything but a plain name is refused.
  expect(() => analyticsEngine('a', 't', 'x; DROP TABLE y')).toThrow(/not a dataset name/)
})

test("the SQL API's refusal is said, with its status", async () => {
  const realFetch = globalThis.fetch
  globalThis.fetch = (async () => new Response('{"errors":[{"message":"Authentication error"}]}', { status: 403 })) as unknown as typeof fetch
  try {
    await expect(analyticsEngine('a', 'bad', 'blanket_shop_events').read(24)).rejects.toThrow(/^Analytics Engine answered 403: .*Authentication error/)
  } finally {
    globalThis.fetch = realFetch
  }
})

// A window larger than the read's cap must not pass for the whole: the report says so, in
// each of its forms, and how many beacons were turned away.
test('a window cut short by the row cap is reported as such, with the beacons refused', async () => {
  const realFetch = globalThis.fetch
  globalThis.fetch = (async () => Response.json({ data: Array.from({ length: MAX_ROWS }, () => row('page_view')) })) as unknown as typeof fetch
  let read: Read
  try {
    read = await analyticsEngine('a', 't', 'blanket_shop_events').read(24)
  } finally {
    globalThis.fetch = realFetch
  }
  expect(read.notes).toEqual([expect.stringMatching(/^Only the oldest 100,000 rows of this window were read/)])
  const report = aggregate([...read.rows, row('beacon_refused', { double1: 1 }), row('beacon_refused', { double1: 100, _sample_interval: 2 })], read.notes)
  expect(report.refusedBeacons).toBe(201)
  expect(report.notes).toEqual(read.notes)
  const text = asText(report, 'The shop')
  expect(text).toContain('! Only the oldest 100,000 rows of this window were read')
  expect(text).toContain('Beacons refused (over the rate limit, too large or invalid): at least 201')
  expect(asHtml(report, 'The shop')).toContain('<strong>Only the oldest 100,000 rows of this window were read')
})
