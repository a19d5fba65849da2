import { afterAll, beforeAll, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID, blanket } from '../../storefront-double/catalog.ts'
import type { Fault } from '../../storefront-double/storefront-double.ts'
import { eventually, reasonOf, startShop, type Shop } from '../../scripts/harness/shop.ts'

// Every upstream fault, on every surface, with and without a stale product in the cache:
// the right status, the shop's message, the stale product where there is one, one
// structured log line, and never an unhandled exception.

const HTTP = (status: number) =>
  [`HTTP ${status}`, { kind: 'status', status } as Fault, `HTTP error! status: ${status}`] as const
const FAULTS = [
  ['HTTP 402', { kind: 'status', status: 402 }, 'Shopify API access requires an active billing plan'],
  HTTP(429),
  HTTP(430),
  HTTP(500),
  HTTP(503),
  ['hang past the timeout', { kind: 'hang' }, 'Shopify did not answer within 300 ms'],
  ['connection dropped', { kind: 'disconnect' }, 'Could not reach Shopify'],
  ['malformed JSON', { kind: 'malformed-json' }, 'Shopify answered with a body that is not JSON'],
  ['body failing validation', { kind: 'bad-shape' }, 'Unexpected answer from Shopify ('],
  ['GraphQL errors', { kind: 'graphql-errors' }, 'Error calling Shopify: Throttled, Internal error'],
  ['empty body', { kind: 'empty' }, 'Shopify answered with a body that is not JSON'],
  ['oversized body', { kind: 'oversized' }, 'Shopify answered with more than 2097152 bytes'],
] as const

const BROWSER = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36' }
const rows: string[] = []
let cold: Shop // nothing is kept: every request is a cold miss
let stale: Shop // every entry is stale at once and served while being refreshed
let n = 0

beforeAll(async () => {
  const common = { STOREFRONT_TIMEOUT_MS: '300', RENDER_DEADLINE_MS: '2000', PRODUCT_NOT_FOUND_CACHE_SECONDS: '0' }
  ;[cold, stale] = await Promise.all([
    startShop({
      ...common,
      PRODUCT_CACHE_FRESH_SECONDS: '0',
      PRODUCT_CACHE_SWR_SECONDS: '0',
      PRODUCT_CACHE_STALE_IF_ERROR_SECONDS: '0',
    }),
    startShop({
      ...common,
      PRODUCT_CACHE_FRESH_SECONDS: '0',
      PRODUCT_CACHE_SWR_SECONDS: '600',
      PRODUCT_CACHE_STALE_IF_ERROR_SECONDS: '600',
    }),
  ])
  // Put the landing product in the stale shop's cache.
  await eventually(async () =>
    /cache;desc="STALE"/.test((await stale.fetch('/', { headers: BROWSER })).headers.get('Server-Timing') ?? ''),
  )
})

afterAll(async () => {
  console.log(['| fault | surface | cache | status | shown / raised |', '|---|---|---|---|---|', ...rows].join('\n'))
  await Promise.all([cold?.dispose(), stale?.dispose()])
})

async function request(shop: Shop, path: string, init: RequestInit = {}) {
  const requestId = `matrix-${++n}`
  const res = await shop.fetch(path, {
    ...init,
    headers: { ...BROWSER, ...(init.headers as object), 'CF-Ray': requestId },
  })
  const body = await res.text()
  // The answer is out, but the failure may be logged by a background refresh that outlives
  // it (the stale case): wait for the line every faulty request must leave.
  const linesOfThisRequest = () => shop.logEntries().filter((e) => e.requestId === requestId)
  await eventually(() => linesOfThisRequest().some((e) => e.level === 'error' || e.level === 'warn'))
  const lines = linesOfThisRequest()
  return { res, body, lines, requestId }
}

function expectOneLogLine(lines: Record<string, unknown>[], message: string) {
  const problems = lines.filter((e) => e.level === 'error' || e.level === 'warn')
  expect(problems).toHaveLength(1)
  expect(JSON.stringify(problems[0])).toContain(message)
  expect(lines.some((e) => e.message === 'unhandled error')).toBe(false)
}

test.each(FAULTS)('%s', async (name, fault, message) => {
  for (const [state, shop] of [
    ['cold', cold],
    ['stale', stale],
  ] as const) {
    // A product only this case asks for, cached (in the stale shop) before the fault.
    const handle = `matrix-${name.replace(/\W+/g, '-').toLowerCase()}`
    shop.double.products.set(handle, { ...blanket(), handle, title: `Blanket for ${name}` })
    if (state === 'stale') {
      await eventually(async () =>
        /STALE/.test((await shop.fetch(`/product/${handle}`, { headers: BROWSER })).headers.get('Server-Timing') ?? ''),
      )
    }
    shop.double.setFault(fault)
    try {
      const product = await request(shop, `/product/${handle}`)
      if (state === 'stale') {
        expect(product.res.status).toBe(200)
        expect(product.body).toContain(`Blanket for ${name}`)
      } else {
        expect(product.res.status).toBe(503)
        expect(product.body).toContain('Product not found')
      }
      expectOneLogLine(product.lines, message)
      rows.push(
        `| ${name} | product page | ${state} | ${product.res.status} | ${state === 'stale' ? 'the stale product' : "'Product not found'"}; logged: ${message} |`,
      )

      // Without its product the landing page still renders and sells, but as a 503, so that
      // no cache keeps it and Workers Cache may serve its last good copy instead (stale-if-error).
      const landing = await request(shop, '/')
      expect(landing.res.status).toBe(state === 'stale' ? 200 : 503)
      expect(landing.body).toContain('Only $38 – Order Now!')
      expect(landing.body).toContain(state === 'stale' ? '"status":"found"' : '"status":"unavailable"')
      expectOneLogLine(landing.lines, message)
      rows.push(
        `| ${name} | landing page | ${state} | ${landing.res.status} | ${state === 'stale' ? 'sells with the stale product' : "order click toasts 'Product not available'"}; logged |`,
      )

      const checkout = await request(shop, '/checkout', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] }),
      })
      expect(checkout.res.status).toBe(502)
      // The catalogue's message is raised into the log; the answer carries a plain reason
      // and the request id, never Shopify's words.
      const answer = JSON.parse(checkout.body) as { error: string; reason: string; requestId: string }
      expect(answer).toEqual({
        error: 'Shopify could not be reached',
        reason: reasonOf(message),
        requestId: checkout.requestId,
      })
      expectOneLogLine(checkout.lines, message)
      rows.push(`| ${name} | POST /checkout | ${state} | 502 | ${answer.error}; raised: ${message.slice(0, 60)} |`)
    } finally {
      shop.double.setFault(null)
    }
  }
})

test('connection refused (nothing listening) on a cold cache', async () => {
  const refused = await startShop({ SHOPIFY_STORE_DOMAIN: 'http://127.0.0.1:9', STOREFRONT_TIMEOUT_MS: '2000' })
  try {
    const product = await request(refused, '/product/toddler-blanket')
    expect(product.res.status).toBe(503)
    expectOneLogLine(product.lines, 'Could not reach Shopify')
    const checkout = await request(refused, '/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] }),
    })
    expect(checkout.res.status).toBe(502)
    rows.push(
      `| connection refused | product page, POST /checkout | cold | 503, 502 | ${(JSON.parse(checkout.body) as { error: string }).error.slice(0, 70)} |`,
    )
  } finally {
    await refused.dispose()
  }
})
