// The production contract of src/canonical-pages.ts, without Miniflare: what the Worker asks
// of its own cached entrypoint (`ctx.exports.default`, which Workers Cache fronts) for a page
// asked for under another spelling. test/worker/page-cache.test.ts plays the attack through
// the local stand-in.
import { Hono } from 'hono'
import { expect, test, vi } from 'vitest'
import type { AppEnv } from '../../src/app-env'
import { canonicalPages, canonicalPath } from '../../src/canonical-pages'

function harness() {
  const loopback = vi.fn(async (request: Request) =>
    new Response(`kept page for ${new URL(request.url).pathname}${new URL(request.url).search}`, {
      headers: { 'Content-Type': 'text/html', 'Cache-Control': 'no-cache', 'Cloudflare-CDN-Cache-Control': 'public, max-age=60', 'cf-cache-status': 'HIT' },
    }),
  )
  const rendered = vi.fn(() => 'rendered')
  const app = new Hono<AppEnv>().use(canonicalPages).all('*', (c) => c.text(rendered()))
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {}, exports: { default: { fetch: loopback } } } as unknown as ExecutionContext
  const request = (path: string, method = 'GET') => app.request(path, { method }, {}, ctx)
  return { loopback, rendered, request }
}

test.each([
  ['/?utm_source=newsletter', '/'],
  ['/product/toddler-blanket?fbclid=abc&x=1', '/product/toddler-blanket'],
  ['/product/toddler%2Dblanket', '/product/toddler-blanket'],
  ['/product/b%c3%a9b%c3%a9', '/product/b%C3%A9b%C3%A9'],
  ['/terms?', '/terms'],
])('%s is answered with the kept page of %s, and not kept under its own spelling', async (path, canonical) => {
  const { loopback, rendered, request } = harness()
  const res = await request(path)
  expect(await res.text()).toBe(`kept page for ${canonical}`)
  expect(loopback).toHaveBeenCalledTimes(1)
  expect(rendered).not.toHaveBeenCalled()
  expect(res.headers.get('Cloudflare-CDN-Cache-Control')).toBe('no-store')
  expect(res.headers.get('Cache-Control')).toBe('no-cache')
})

test('HEAD goes the same way; the canonical spelling, POSTs and /cart/status are rendered as they are', async () => {
  const { loopback, rendered, request } = harness()
  await request('/?utm_source=x', 'HEAD')
  expect(loopback.mock.calls[0]![0].method).toBe('HEAD')
  for (const [path, method] of [['/', 'GET'], ['/product/toddler-blanket', 'GET'], ['/checkout?x=1', 'POST'], ['/cart/status?id=gid%3A%2F%2Fshopify%2FCart%2Fc1', 'GET']] as const) {
    expect(await (await request(path, method)).text()).toBe('rendered')
  }
  expect(loopback).toHaveBeenCalledTimes(1)
  expect(rendered).toHaveBeenCalledTimes(4)
})

test('a segment that is not valid percent-encoding is left for the routes to refuse', () => {
  expect(canonicalPath('/product/%E0%A4%A')).toBe('/product/%E0%A4%A')
  expect(canonicalPath('/product/toddler blanket')).toBe('/product/toddler%20blanket')
})
