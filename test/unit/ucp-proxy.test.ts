import { expect, test } from 'vitest'
import {
  MAX_PROFILE_BYTES,
  mcpAnswer,
  mcpRequestHeaders,
  profileAnswer,
  profileRequestHeaders,
  type Refusal,
} from '../../src/routes/ucp-proxy.ts'
import { readAtMost } from '../../src/read-at-most.ts'
import { ucpProfile } from '../../storefront-double/ucp-profile.ts'

// The UCP proxies' rules (src/routes/ucp-proxy.ts), each input an agent or Shopify can send.
// test/worker/ucp.test.ts plays them through the Worker against the double.

const JSON_TYPE = { 'Content-Type': 'application/json; charset=utf-8' }
const headersOf = (headers: Headers) => Object.fromEntries(headers)
const PROFILE = JSON.stringify(ucpProfile('https://blanket-shop.myshopify.com'))

test('Shopify is asked for the profile with JSON and the agent’s validators, nothing else of theirs', () => {
  const agent = new Headers({
    'If-None-Match': '"v1"',
    'If-Modified-Since': 'Tue, 01 Dec 2026 00:00:00 GMT',
    Cookie: 'a=b',
    Authorization: 'Bearer x',
    Accept: 'text/html',
    'X-Forwarded-For': '203.0.113.1',
  })
  expect(headersOf(profileRequestHeaders(agent))).toEqual({
    accept: 'application/json',
    'if-none-match': '"v1"',
    'if-modified-since': 'Tue, 01 Dec 2026 00:00:00 GMT',
  })
  expect(headersOf(profileRequestHeaders(new Headers()))).toEqual({ accept: 'application/json' })
})

test('a profile is passed on with its type and validators alone, kept for the set seconds and 300 s stale on error', async () => {
  const answer = (await profileAnswer(
    new Response(PROFILE, {
      headers: {
        ...JSON_TYPE,
        ETag: '"v2"',
        'Last-Modified': 'Tue, 01 Dec 2026 00:00:00 GMT',
        'Set-Cookie': 'session=1',
        'Cache-Control': 'private',
        'X-Shopify-Stage': 'production',
      },
    }),
    60,
  )) as Response
  expect(answer.status).toBe(200)
  expect(headersOf(answer.headers)).toEqual({
    'cache-control': 'public, max-age=60, stale-if-error=300',
    'content-type': 'application/json; charset=utf-8',
    etag: '"v2"',
    'last-modified': 'Tue, 01 Dec 2026 00:00:00 GMT',
  })
  expect(await answer.text()).toBe(PROFILE)
  const notModified = (await profileAnswer(
    new Response(null, { status: 304, headers: { ETag: '"v2"' } }),
    5,
  )) as Response
  expect([notModified.status, headersOf(notModified.headers)]).toEqual([
    304,
    { 'cache-control': 'public, max-age=5, stale-if-error=300', etag: '"v2"' },
  ])
})

test.each([
  [301, { Location: 'https://elsewhere.example/' }, 502, 'UCP profile redirected by Shopify: not followed'],
  [302, {}, 502, 'UCP profile redirected by Shopify: not followed'],
  [307, {}, 502, 'UCP profile redirected by Shopify: not followed'],
  [300, {}, 502, 'UCP profile redirected by Shopify: not followed'],
  [399, {}, 502, 'UCP profile redirected by Shopify: not followed'],
  [400, JSON_TYPE, 502, 'UCP profile not served by Shopify'],
  [404, JSON_TYPE, 404, 'UCP profile not served by Shopify'],
  [500, JSON_TYPE, 502, 'UCP profile not served by Shopify'],
  [403, JSON_TYPE, 502, 'UCP profile not served by Shopify'],
  [200, { 'Content-Type': 'text/html' }, 502, 'UCP profile is not JSON'],
  [200, { 'Content-Type': 'text/plain; x=application/json' }, 502, 'UCP profile is not JSON'],
  [200, { 'Content-Type': 'application/jsonp' }, 502, 'UCP profile is not JSON'],
  [200, {}, 502, 'UCP profile is not JSON'],
])('Shopify’s %i (%j) is refused with %i: %s', async (status, headers, refused, message) => {
  let cancelled = false
  const body = new ReadableStream({
    cancel() {
      cancelled = true
    },
  })
  const answer = (await profileAnswer(new Response(body, { status, headers }), 60)) as Refusal
  expect(answer).toMatchObject({ status: refused, message, level: refused === 404 ? 'warn' : 'error' })
  expect(answer.fields).toMatchObject(
    status === 200 ? { contentType: (headers as Record<string, string>)['Content-Type'] ?? '' } : { status },
  )
  expect(cancelled).toBe(true)
})

test('a refusal of an answer with no body, and a profile typed plain application/json', async () => {
  expect(await profileAnswer(new Response(null, { status: 302 }), 60)).toMatchObject({ status: 502 })
  expect(await profileAnswer(new Response(null, { status: 404 }), 60)).toMatchObject({ status: 404 })
  const plain = (await profileAnswer(
    new Response(PROFILE, { headers: { 'Content-Type': 'application/json' } }),
    60,
  )) as Response
  expect(plain.status).toBe(200)
})

test('JSON that is no business profile, or not the version asked for, is refused with 502, saying why', async () => {
  const refused = async (body: string, version: string | null = null) =>
    (await profileAnswer(new Response(body, { headers: JSON_TYPE }), 60, version)) as Refusal
  expect(await refused('{"ucp":')).toMatchObject({ status: 502, message: 'UCP profile is not JSON' })
  expect(await refused('{}')).toMatchObject({
    status: 502,
    message: 'UCP profile is not a business profile',
    fields: { problem: expect.stringContaining('ucp') },
  })
  expect((await refused(PROFILE, '2026-04-08')).fields.problem).toBe('ucp.version is 2026-08-25, not 2026-04-08')
})

test('an answer is read at most to the cap: over it by its Content-Length or its bytes, refused and cancelled', async () => {
  const exactly = new Uint8Array(MAX_PROFILE_BYTES)
  expect((await readAtMost(new Response(exactly), MAX_PROFILE_BYTES))?.size).toBe(MAX_PROFILE_BYTES)
  expect(
    await readAtMost(
      new Response('{}', { headers: { 'Content-Length': String(MAX_PROFILE_BYTES + 1) } }),
      MAX_PROFILE_BYTES,
    ),
  ).toBeNull()
  let pulled = 0
  let cancelled = false
  const endless = new ReadableStream({
    pull(controller) {
      pulled += 1024
      controller.enqueue(new Uint8Array(1024))
    },
    cancel() {
      cancelled = true
    },
  })
  expect(await readAtMost(new Response(endless), MAX_PROFILE_BYTES)).toBeNull()
  expect(cancelled).toBe(true)
  expect(pulled).toBeLessThanOrEqual(MAX_PROFILE_BYTES + 2 * 1024)
  expect(await profileAnswer(new Response(new Uint8Array(MAX_PROFILE_BYTES + 1), { headers: JSON_TYPE }), 60)).toEqual({
    status: 502,
    level: 'error',
    message: 'UCP profile too large',
    fields: { maxBytes: MAX_PROFILE_BYTES, contentLength: null },
  })
  // Announced at exactly the cap: read; announced over it with no body to cancel: refused.
  const announced = { 'Content-Length': String(MAX_PROFILE_BYTES) }
  expect((await readAtMost(new Response(exactly, { headers: announced }), MAX_PROFILE_BYTES))?.size).toBe(
    MAX_PROFILE_BYTES,
  )
  expect(
    await readAtMost(
      new Response(null, { headers: { 'Content-Length': String(MAX_PROFILE_BYTES + 1) } }),
      MAX_PROFILE_BYTES,
    ),
  ).toBeNull()
  expect((await readAtMost(new Response(null), 10))?.size).toBe(0)
})

test('an agent’s MCP call goes on with its type and UCP’s headers, never cookies, authorization or forwarding', () => {
  const agent = new Headers({
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    'MCP-Protocol-Version': '2025-06-18',
    'UCP-Agent': 'profile="https://agent.example/p.json"',
    'Request-Id': 'r1',
    'Idempotency-Key': 'k1',
    'Request-Signature': 's',
    Signature: 'sig',
    'Signature-Input': 'si',
    'Content-Digest': 'sha-256=:x:',
    Cookie: 'cart=secret',
    Authorization: 'Bearer shopper',
    'X-Forwarded-For': '203.0.113.9',
    'CF-Connecting-IP': '203.0.113.9',
  })
  expect(Object.keys(headersOf(mcpRequestHeaders(agent))).sort()).toEqual(
    [
      'accept',
      'content-digest',
      'content-type',
      'idempotency-key',
      'mcp-protocol-version',
      'request-id',
      'request-signature',
      'signature',
      'signature-input',
      'ucp-agent',
    ].sort(),
  )
})

test('an agent’s call without headers goes on without any', () => {
  expect(headersOf(mcpRequestHeaders(new Headers()))).toEqual({})
})

test('Shopify’s MCP answer is the caller’s alone: its status, type and body, never its cookie or lifetime', async () => {
  const answer = mcpAnswer(
    new Response('{"jsonrpc":"2.0"}', {
      status: 202,
      headers: { ...JSON_TYPE, 'Set-Cookie': 's=1', 'Cache-Control': 'public, max-age=600', Vary: 'Cookie' },
    }),
  )
  expect([answer.status, headersOf(answer.headers), await answer.text()]).toEqual([
    202,
    { 'cache-control': 'private, no-store', 'content-type': 'application/json; charset=utf-8' },
    '{"jsonrpc":"2.0"}',
  ])
  expect(headersOf(mcpAnswer(new Response(null, { status: 204 })).headers)).toEqual({
    'cache-control': 'private, no-store',
  })
})
