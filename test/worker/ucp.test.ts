import { afterAll, beforeAll, beforeEach, expect, onTestFinished, test } from 'vitest'
import { eventually, inOneRateLimitWindow, startShop, type Shop } from '../../scripts/harness/shop.ts'
import { ucpProfile as ucpProfileOf } from '../../storefront-double/ucp-profile.ts'

// GET and HEAD /.well-known/ucp: the store's Shopify-hosted UCP profile, from the shop's own
// domain (src/routes/ucp.ts). Kept for UCP_PROFILE_CACHE_SECONDS (60 s deployed; 1 s here, so
// a test can outlive it) by Workers Cache, whose local stand-in is in front of every request.

let shop: Shop
beforeAll(async () => {
  shop = await startShop({ UCP_PROFILE_CACHE_SECONDS: '1' })
})
afterAll(() => shop?.dispose())
beforeEach(() => shop.double.reset())

test('the profile as Shopify serves it, with only its type and validators, kept 60 s and at most 300 s stale while Shopify errs', async () => {
  const res = await shop.fetch('/.well-known/ucp?agent=1', {
    headers: {
      Cookie: 'cart=secret; _shopify_y=me',
      Authorization: 'Bearer shopper',
      'Accept-Language': 'de',
      'User-Agent': 'agent/1',
    },
  })
  expect(res.status).toBe(200)
  const profile = (await res.json()) as {
    ucp: {
      version: string
      supported_versions: Record<string, string>
      services: Record<string, { endpoint?: string }[]>
      capabilities: Record<string, unknown>
      payment_handlers: Record<string, unknown>
    }
    keys: { kid: string }[]
  }
  // The 2026-08-25 shape Shopify serves: the older version it still supports, and the keys at the root.
  expect(Object.keys(profile.ucp).sort()).toEqual([
    'capabilities',
    'payment_handlers',
    'services',
    'supported_versions',
    'version',
  ])
  expect(profile.ucp.version).toBe('2026-08-25')
  expect(profile.ucp.supported_versions).toEqual({ '2026-04-08': `${shop.doubleOrigin}/.well-known/ucp/2026-04-08` })
  expect(profile.keys.map((key) => key.kid)).toEqual(['shopify_2026'])
  // The endpoints are the store's own, on its Shopify domain: the proxy passes the profile on unchanged.
  expect(profile.ucp.services['dev.ucp.shopping']![0]!.endpoint).toBe(`${shop.doubleOrigin}/api/ucp/mcp`)

  expect(res.headers.get('Content-Type')).toBe('application/json')
  expect(res.headers.get('ETag')).toMatch(/^"ucp-\d+"$/)
  expect(res.headers.get('Last-Modified')).toBe('Tue, 01 Sep 2026 00:00:00 GMT')
  expect(res.headers.get('Cache-Control')).toBe('public, max-age=1, stale-if-error=300')
  // Nothing of Shopify's own, and nothing of this request in what the edge keeps.
  for (const name of ['Set-Cookie', 'X-Request-Id', 'Server-Timing']) expect(res.headers.get(name)).toBeNull()

  // Shopify was asked with nothing of the shopper's: no cookies, no authorization, no query.
  expect(shop.double.ucpCalls).toHaveLength(1)
  const [asked] = shop.double.ucpCalls
  expect(asked!.search).toBe('')
  expect(asked!.headers.accept).toBe('application/json')
  for (const name of ['cookie', 'authorization', 'accept-language', 'user-agent'])
    expect(asked!.headers[name]).toBeUndefined()

  // Kept: the next agent is answered from the edge, HEAD too.
  const again = await shop.fetch('/.well-known/ucp')
  expect(again.headers.get('cf-cache-status')).toBe('HIT')
  const head = await shop.fetch('/.well-known/ucp', { method: 'HEAD' })
  expect(head.status).toBe(200)
  expect(head.headers.get('Content-Type')).toBe('application/json')
  expect(await head.text()).toBe('')
  expect(shop.double.ucpCalls).toHaveLength(1)

  // Past its 60 s (here 1 s), while Shopify errs: the stale copy, and the error is not kept.
  shop.double.failUcp(503)
  await eventually(async () => (await shop.fetch('/.well-known/ucp')).headers.get('cf-cache-status') === 'STALE', 4000)
  const stale = await shop.fetch('/.well-known/ucp')
  expect(stale.status).toBe(200)
  expect(await stale.json()).toEqual(profile)
  shop.double.failUcp(null)
  await eventually(
    async () => (await shop.fetch('/.well-known/ucp')).headers.get('cf-cache-status') === 'EXPIRED',
    4000,
  )
})

test('with nothing kept, Shopify’s error is a 502 that no cache keeps, logged with the request id', async () => {
  // A data centre of its own, where no profile was ever kept.
  const shop = await startShop({ UCP_PROFILE_CACHE_SECONDS: '1' })
  onTestFinished(() => shop.dispose())
  shop.double.failUcp(500)
  const res = await shop.fetch('/.well-known/ucp')
  expect(res.status).toBe(502)
  expect(res.headers.get('Cache-Control')).toBe('no-store')
  expect(res.headers.get('cf-cache-status')).toBe('DYNAMIC')
  expect(await res.json()).toEqual({ error: 'The store’s UCP profile could not be fetched from Shopify' })
  const requestId = res.headers.get('X-Request-Id')
  expect(
    shop
      .logEntries()
      .some(
        (entry) =>
          entry.message === 'UCP profile not served by Shopify' &&
          entry.requestId === requestId &&
          entry.status === 500,
      ),
  ).toBe(true)
  // Shopify recovered: the next agent gets the profile at once, not a kept error.
  shop.double.failUcp(null)
  expect((await shop.fetch('/.well-known/ucp')).status).toBe(200)
})

test('other methods are refused, saying which are allowed', async () => {
  const res = await shop.fetch('/.well-known/ucp', { method: 'POST', body: '{}' })
  expect(res.status).toBe(405)
  expect(res.headers.get('Allow')).toBe('GET, HEAD')
})

// The specification's 'Profile Requirements': no redirects, JSON only, validators honoured.
test.each([
  [
    'a redirect, which is not followed',
    () => new Response(null, { status: 301, headers: { Location: 'https://elsewhere.example/profile.json' } }),
  ],
  [
    'a page of HTML',
    () => new Response('<!doctype html><title>Store</title>', { headers: { 'Content-Type': 'text/html' } }),
  ],
  ['JSON under another type', () => new Response('{"ucp":{}}', { headers: { 'Content-Type': 'text/plain' } })],
  [
    'a profile that publishes a private key',
    () =>
      Response.json({
        ucp: { version: '2026-08-25', services: {}, payment_handlers: {} },
        keys: [{ kid: 'k', kty: 'EC', crv: 'P-256', x: 'x', y: 'y', d: 'private' }],
      }),
  ],
])('Shopify answering %s: a 502 no cache keeps, logged', async (_, answer) => {
  const fresh = await startShop({ UCP_PROFILE_CACHE_SECONDS: '60' })
  onTestFinished(() => fresh.dispose())
  fresh.double.answerUcp(answer)
  for (let i = 0; i < 2; i++) {
    const res = await fresh.fetch('/.well-known/ucp')
    expect([res.status, res.headers.get('Cache-Control'), res.headers.get('cf-cache-status')]).toEqual([
      502,
      'no-store',
      'DYNAMIC',
    ])
  }
  expect(fresh.double.ucpCalls).toHaveLength(2)
  expect(
    fresh
      .logEntries()
      .some(
        (entry) =>
          /UCP profile (redirected|is not JSON|is not a business profile)/.test(String(entry.message)) &&
          entry.requestId,
      ),
  ).toBe(true)
})

test('a store that publishes no profile: a 404 no cache keeps, so one published since is served at once', async () => {
  const fresh = await startShop({ UCP_PROFILE_CACHE_SECONDS: '60' })
  onTestFinished(() => fresh.dispose())
  fresh.double.answerUcp(() => new Response('Not Found', { status: 404 }))
  const missing = await fresh.fetch('/.well-known/ucp')
  expect([missing.status, missing.headers.get('Cache-Control'), missing.headers.get('cf-cache-status')]).toEqual([
    404,
    'no-store',
    'DYNAMIC',
  ])
  fresh.double.answerUcp(null)
  expect((await fresh.fetch('/.well-known/ucp')).status).toBe(200)
})

// Decided: an older version's profile, which the current one names by Shopify's domain, is
// answered at the same path on the shop's host too, by the same rules, and only when it is that
// version's leaf profile; any other path under /.well-known/ucp is no profile.
test('/.well-known/ucp/2026-04-08: Shopify’s profile of that version; a version Shopify lacks is its 404', async () => {
  const older = await shop.fetch('/.well-known/ucp/2026-04-08')
  expect(older.status).toBe(200)
  expect(older.headers.get('Cache-Control')).toBe('public, max-age=1, stale-if-error=300')
  const body = (await older.json()) as { ucp: Record<string, unknown> }
  expect(body.ucp.version).toBe('2026-04-08')
  expect(body.ucp.supported_versions).toBeUndefined()
  expect(shop.double.ucpCalls.map((call) => call.path)).toEqual(['/.well-known/ucp/2026-04-08'])
  const missing = await shop.fetch('/.well-known/ucp/2026-01-23')
  expect([missing.status, missing.headers.get('Cache-Control')]).toEqual([404, 'no-store'])
})

test('a version path whose profile is another version’s, or names other versions, is a 502, logged', async () => {
  const fresh = await startShop({ UCP_PROFILE_CACHE_SECONDS: '60' })
  onTestFinished(() => fresh.dispose())
  fresh.double.answerUcp(() => Response.json(ucpProfileOf(fresh.doubleOrigin)))
  const res = await fresh.fetch('/.well-known/ucp/2026-04-08')
  expect([res.status, res.headers.get('Cache-Control')]).toEqual([502, 'no-store'])
  expect(
    fresh
      .logEntries()
      .some((e) => e.message === 'UCP profile is not a business profile' && /not 2026-04-08/.test(String(e.problem))),
  ).toBe(true)
})

test.each([
  '/.well-known/ucp/latest',
  '/.well-known/ucp/2026-4-8',
  '/.well-known/ucp/2026-04-08/extra',
  '/.well-known/ucp/2026-04-08%2F..%2F..%2Fadmin',
  '/.well-known/ucp/..%2Fadmin%2Fapi',
  '/.well-known/ucp/%2e%2e',
  '/.well-known/ucp/2026-04-08%00',
  '/.well-known/ucp/%EF%BC%92026-04-08',
  '/.well-known/ucp/2026-04-08.json',
])('%s: no profile, a 404 no cache keeps, and Shopify is not asked', async (path) => {
  const res = await shop.fetch(path)
  expect([res.status, res.headers.get('Cache-Control')]).toEqual([404, 'no-store'])
  expect(shop.double.ucpCalls).toEqual([])
})

test('the client’s validators go to Shopify, and its 304 comes back', async () => {
  const fresh = await startShop({ UCP_PROFILE_CACHE_SECONDS: '60' })
  onTestFinished(() => fresh.dispose())
  const etag = (await fetch(`${fresh.doubleOrigin}/.well-known/ucp`)).headers.get('ETag')!
  fresh.double.reset()
  const res = await fresh.fetch('/.well-known/ucp', {
    headers: { 'If-None-Match': etag, 'If-Modified-Since': 'Tue, 01 Sep 2026 00:00:00 GMT' },
  })
  expect(res.status).toBe(304)
  expect(res.headers.get('ETag')).toBe(etag)
  expect(fresh.double.ucpCalls[0]!.headers['if-none-match']).toBe(etag)
  expect(fresh.double.ucpCalls[0]!.headers['if-modified-since']).toBe('Tue, 01 Sep 2026 00:00:00 GMT')
})

test('a stale profile is served for at most 300 s while Shopify errs: it carries the store’s signing keys', async () => {
  const res = await shop.fetch('/.well-known/ucp')
  expect(res.headers.get('Cache-Control')).toMatch(/stale-if-error=300$/)
})

test('POST /api/ucp/mcp goes to the store’s Shopify domain with its body, type and UCP headers, never cookies or authorization; private, no-store', async () => {
  const call = JSON.stringify({
    jsonrpc: '2.0',
    id: 7,
    method: 'tools/list',
    params: { meta: { 'ucp-agent': { profile: 'https://agent.example/profile.json' } } },
  })
  const res = await shop.fetch('/api/ucp/mcp', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'UCP-Agent': 'profile="https://agent.example/profile.json"',
      'Idempotency-Key': 'k-1',
      Cookie: 'cart=secret',
      Authorization: 'Bearer shopper',
      'X-Forwarded-For': '203.0.113.9',
    },
    body: call,
  })
  expect(res.status).toBe(200)
  expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 7, result: { tools: [{ name: 'search_catalog' }] } })
  expect(res.headers.get('Cache-Control')).toBe('private, no-store')
  expect(res.headers.get('Set-Cookie')).toBeNull()
  const [passed] = shop.double.ucpMcpCalls
  expect(passed!.body).toBe(call)
  expect(passed!.headers).toMatchObject({
    'content-type': 'application/json',
    'ucp-agent': 'profile="https://agent.example/profile.json"',
    'idempotency-key': 'k-1',
  })
  for (const name of ['cookie', 'authorization', 'x-forwarded-for']) expect(passed!.headers[name]).toBeUndefined()
})

test('/api/ucp/mcp: POST only, a body over 64 KiB refused, and a client past its limit refused', async () => {
  const get = await shop.fetch('/api/ucp/mcp')
  expect([get.status, get.headers.get('Allow'), get.headers.get('Cache-Control')]).toEqual([
    405,
    'POST',
    'private, no-store',
  ])
  const big = await shop.fetch('/api/ucp/mcp', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }),
  })
  expect(big.status).toBe(413)
  expect(shop.double.ucpMcpCalls).toHaveLength(0)
  const limited = await startShop({}, { storefrontCallsPerMinute: 1 })
  onTestFinished(() => limited.dispose())
  const post = () =>
    limited.fetch('/api/ucp/mcp', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    })
  await inOneRateLimitWindow()
  expect((await post()).status).toBe(200)
  const refused = await post()
  expect([refused.status, refused.headers.get('Retry-After')]).toEqual([429, '60'])
})

test('a profile over the cap is refused with a 502 while it streams, never read whole', async () => {
  const fresh = await startShop({ UCP_PROFILE_CACHE_SECONDS: '60' })
  onTestFinished(() => fresh.dispose())
  // 256 MB of JSON made as it is read, with no Content-Length to refuse it by.
  const chunk = new TextEncoder().encode(`${' '.repeat(65_535)}\n`)
  let sent = 0
  let cancelled = false
  fresh.double.answerUcp(
    () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            if (sent >= 256 * 1024 * 1024) return controller.close()
            sent += chunk.byteLength
            controller.enqueue(chunk)
          },
          cancel() {
            cancelled = true
          },
        }),
        { headers: { 'Content-Type': 'application/json' } },
      ),
  )
  const res = await fresh.fetch('/.well-known/ucp')
  expect([res.status, res.headers.get('Cache-Control')]).toEqual([502, 'no-store'])
  await eventually(() => cancelled, 5000)
  // The cap is 256 KiB; what the sockets between held on top of it is far below the whole.
  expect(sent).toBeLessThan(32 * 1024 * 1024)
  expect(fresh.logEntries().some((entry) => entry.message === 'UCP profile too large' && entry.requestId)).toBe(true)

  // Announced as too large: refused before a byte is read.
  fresh.double.answerUcp(
    () =>
      new Response('{}'.padEnd(300 * 1024, ' '), {
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(300 * 1024) },
      }),
  )
  expect((await fresh.fetch('/.well-known/ucp')).status).toBe(502)
})
