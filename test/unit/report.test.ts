import { expect, test } from 'vitest'
import { aggregate } from '../../scripts/report/aggregate'
import { asHtml } from '../../scripts/report/html'
import { analyticsEngine, localStandIn, type Read } from '../../scripts/report/sources'
import { asText } from '../../scripts/report/text'
import { answerLocally, QUERIES, weightedQuantile, type Answers, type Row } from '../../src/analytics/queries'
import { MAX_ROWS, REPORT_PATH, withLocalAnalytics } from '../../src/local/analytics'

// `npm run report`'s arithmetic, on rows shaped as Analytics Engine keeps them, counted as
// the local stand-in counts them (answerLocally), and production's questions as SQL.

const row = (event: string, fields: Partial<Record<string, string | number>> = {}): Row => ({ blob1: event, blob2: '/', blob3: 'NZ', blob5: 'phone', double1: 1, _sample_interval: 1, ...fields })
const vital = (name: string, value: number, fields: Partial<Record<string, string | number>> = {}) => row('vital', { blob7: name, double1: value, ...fields })
const report = (rows: Row[], notes: string[] = []) => aggregate(answerLocally(rows), notes)

test("p75 is the smallest value with three quarters of the weight at or below it (ClickHouse's quantileExactWeighted)", () => {
  expect(weightedQuantile(0.75, [])).toBeNull()
  expect(weightedQuantile(0.75, [1, 2, 3, 4].map((value) => ({ value, weight: 1 })))).toBe(3)
  // A sampled row stands for as many as its interval says.
  expect(weightedQuantile(0.75, [{ value: 100, weight: 1 }, { value: 5000, weight: 9 }])).toBe(5000)
  expect(weightedQuantile(0.75, [{ value: 100, weight: 9 }, { value: 5000, weight: 1 }])).toBe(100)
})

test('the funnel weights each row by its sample interval and gives each step its share of the step before', () => {
  const { funnel } = report([row('page_view', { _sample_interval: 4 }), row('page_view'), row('add_to_cart'), row('add_to_cart'), row('cart_opened'), row('checkout_started')])
  expect(funnel.slice(0, 4)).toEqual([
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
  const counts = Object.fromEntries(report(rows).funnel.map((s) => [s.step, s.count]))
  expect([counts.checkout_created, counts.order_completed]).toEqual([2, 1])
  expect(report(rows).funnel.at(-1)!.conversion).toBe(0.5)
})

test('vitals break down by page, country and device, with the LCP element, the thresholds and the histogram', () => {
  const { vitals, lcpElements, distributions } = report([
    vital('LCP', 1000, { blob8: 'picture' }),
    vital('LCP', 3000, { blob8: 'picture', blob3: 'DE' }),
    vital('LCP', 5000, { blob2: '/product/:handle', blob5: 'desktop', blob8: 'text' }),
    vital('LCP', 4000, { blob3: '', _sample_interval: 2 }),
    vital('CLS', 0.05),
    vital('INP', 250),
  ])
  expect(vitals.byPage['/']).toEqual({ LCP: { p75: 4000, count: 4 }, CLS: { p75: 0.05, count: 1 }, INP: { p75: 250, count: 1 } })
  expect(vitals.byCountry.DE).toEqual({ LCP: { p75: 3000, count: 1 } })
  expect(vitals.byCountry['(unknown)']).toEqual({ LCP: { p75: 4000, count: 2 } })
  expect(Object.keys(vitals.byDevice).sort()).toEqual(['desktop', 'phone'])
  expect(lcpElements).toEqual({ '/': { picture: 2 }, '/product/:handle': { text: 1 } })
  // 4000 is the poor threshold itself: still 'needs improvement'.
  expect(distributions.LCP).toMatchObject({ good: 1, needsImprovement: 3, poor: 1, count: 5, p75: 4000 })
  expect(distributions.INP).toMatchObject({ good: 0, needsImprovement: 1, poor: 0 })
  // LCP's bins are 200 ms wide (30 up to 6 s, then the rest): 1000 in bin 5, 3000 in 15, 4000 (twice) in 20, 5000 in 25.
  expect(distributions.LCP.bins.flatMap((n, bin) => (n ? [[bin, n]] : []))).toEqual([[5, 1], [15, 1], [20, 2], [25, 1]])
  expect(report([vital('LCP', 59_000)]).distributions.LCP.bins[30]).toBe(1)
})

test('the HTML report is one page that fetches and runs nothing, and the text says where the figures came from', () => {
  const figures = report([row('page_view'), vital('LCP', 1200, { blob2: '/<script>' })])
  const html = asHtml(figures, 'The shop, last 24 h')
  expect(html).toMatch(/^<!doctype html>/)
  expect(html).toContain('<svg')
  expect(html).not.toMatch(/<script|src=|href=|url\(/i)
  expect(html).toContain('/&#60;script&#62;')
  expect(asText(figures, 'The shop, last 24 h, from the local stand-in')).toMatch(/^The shop, last 24 h, from the local stand-in\n[\s\S]*page views\s+1\n[\s\S]*LCP/)
})

/** The SQL API, stood in for: each question answered as Analytics Engine would, from `rows`, and each request kept. */
async function readProduction(rows: Row[], hours = 6) {
  const asked: { url: string; init: RequestInit }[] = []
  const answers = answerLocally(rows)
  const realFetch = globalThis.fetch
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    asked.push({ url, init })
    const name = (Object.keys(QUERIES) as (keyof Answers)[]).find((n) => `${QUERIES[n].sql('blanket_shop_events', `timestamp > NOW() - INTERVAL '${hours}' HOUR`)} FORMAT JSON` === init.body)
    if (!name) return new Response('unknown query', { status: 422 })
    // As ClickHouse's JSON does, a 64-bit count comes as a string.
    return Response.json({ meta: [], data: answers[name].map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]))), rows: answers[name].length })
  }) as typeof fetch
  try {
    return { read: await analyticsEngine('0123456789abcdef0123456789abcdef', 'secret-token', 'blanket_shop_events').read(hours), asked }
  } finally {
    globalThis.fetch = realFetch
  }
}

test('production asks the SQL API to count: GROUP BY, weighted sums and quantiles, never a capped read of rows', async () => {
  const { read, asked } = await readProduction([row('page_view', { _sample_interval: 4 }), vital('LCP', 1800), vital('LCP', 2600)])
  expect(asked).toHaveLength(Object.keys(QUERIES).length)
  for (const { url, init } of asked) {
    expect(url).toBe('https://api.cloudflare.com/client/v4/accounts/0123456789abcdef0123456789abcdef/analytics_engine/sql')
    expect(init).toMatchObject({ method: 'POST', headers: { Authorization: 'Bearer secret-token' } })
    expect(init.body).toMatch(/^SELECT .*_sample_interval.* FROM (blanket_shop_events|\(SELECT .* FROM blanket_shop_events) WHERE timestamp > NOW\(\) - INTERVAL '6' HOUR.* FORMAT JSON$/)
    expect(init.body).not.toMatch(/LIMIT|ORDER BY/)
  }
  expect(asked.map(({ init }) => init.body as string).find((sql) => sql.includes('GROUP BY name') && sql.includes('good'))).toContain(
    "quantileExactWeighted(0.75)(double1, _sample_interval) AS p75, SUM(if(double1 <= if(blob7 = 'LCP', 2500, if(blob7 = 'INP', 200, if(blob7 = 'CLS', 0.1, if(blob7 = 'FCP', 1800, if(blob7 = 'TTFB', 800, NULL))))), _sample_interval, 0)) AS good",
  )
  const figures = aggregate(read.answers, read.notes)
  expect(figures.funnel[0]).toEqual({ step: 'page_view', count: 4, conversion: null })
  expect(figures.distributions.LCP).toMatchObject({ count: 2, good: 1, needsImprovement: 1, p75: 2600 })
  expect(figures.notes).toEqual([expect.stringMatching(/^Sampled: the 3 rows stored for this window stand for 6 events/)])
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

// The flood that emptied the report: 150,000 forged page views, then the checkouts. Counted
// where the rows are, every one is in the figures, the checkouts included.
test('a window larger than any row cap is counted whole', async () => {
  const flood = Array.from({ length: 150_000 }, () => row('page_view'))
  const { read } = await readProduction([...flood, row('checkout_created', { blob9: 'a' }), row('order_completed', { blob9: 'a' })])
  const counts = Object.fromEntries(aggregate(read.answers).funnel.map((s) => [s.step, s.count]))
  expect(counts).toMatchObject({ page_view: 150_000, checkout_created: 1, order_completed: 1 })
})

// A sampled window must not pass for an exact one: the report says so, in each of its
// forms, and how many beacons were turned away.
test('a sampled window is reported as such, with the beacons refused', async () => {
  const { read } = await readProduction([row('page_view', { _sample_interval: 20 }), row('page_view'), row('beacon_refused', { double1: 1 }), row('beacon_refused', { double1: 100, _sample_interval: 2 })])
  const figures = aggregate(read.answers, read.notes)
  const note = 'Sampled: the 4 rows stored for this window stand for 24 events (one row for up to 20).'
  expect(figures.notes).toEqual([expect.stringContaining(note)])
  expect(figures.refusedBeacons).toBe(201)
  expect(asText(figures, 'The shop')).toContain(`! ${note}`)
  expect(asText(figures, 'The shop')).toContain('Beacons refused (over the rate limit, too large or invalid): at least 201')
  expect(asHtml(figures, 'The shop')).toContain(`<strong>${note}`)
})

// The local stand-in counts as production does, and says when it has let rows go.
test('the local stand-in answers each question by name, and a window that lost rows to its cap is reported as such', async () => {
  const env = {} as never
  const ctx = {} as ExecutionContext
  // The stand-in hands the Worker its dataset; write through it as the Worker does.
  let dataset: AnalyticsEngineDataset | undefined
  const standIn = withLocalAnalytics({ fetch: (_: Request, e: { EVENTS: AnalyticsEngineDataset }) => ((dataset = e.EVENTS), new Response()) } as never)
  await standIn.fetch(new Request('http://shop/'), env, ctx)
  for (let i = 0; i < MAX_ROWS + 5; i++) dataset!.writeDataPoint({ indexes: ['page_view'], blobs: ['page_view', '/'], doubles: [1] })
  const realFetch = globalThis.fetch
  globalThis.fetch = (async (input: string | URL) => standIn.fetch(new Request(input), env, ctx)) as typeof fetch
  let read: Read
  try {
    read = await localStandIn('http://shop').read(1)
    expect((await fetch(`http://shop${REPORT_PATH}?query=nothing`)).status).toBe(400)
  } finally {
    globalThis.fetch = realFetch
  }
  const figures = aggregate(read.answers, read.notes)
  expect(figures.funnel[0]!.count).toBe(MAX_ROWS)
  expect(figures.notes).toEqual(['The local stand-in keeps only its newest 20,000 rows: 5 older ones were let go, and any of them in this window are missing from these figures.'])
})
