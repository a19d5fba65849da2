// The production contract of src/canonical-pages.ts, without Miniflare: what the Worker asks
// of its own cached entrypoint (`ctx.exports.default`, which Workers Cache fronts) for a page
// asked for under another spelling. test/worker/page-cache.test.ts plays the attack through
// the local stand-in.
import fc from 'fast-check'
import { Hono } from 'hono'
import { expect, test, vi } from 'vitest'
import type { AppEnv } from '../../src/app-env.ts'
import { canonicalPages, canonicalPath } from '../../src/canonical-pages.ts'

/** A property's runs are a fixed amount of work: on a busy machine it takes longer, never less. */
const PROPERTY_TIMEOUT_MS = 30_000

function harness() {
  const loopback = vi.fn(
    async (request: Request) =>
      new Response(`kept page for ${new URL(request.url).pathname}${new URL(request.url).search}`, {
        headers: {
          'Content-Type': 'text/html',
          'Cache-Control': 'no-cache',
          'Cloudflare-CDN-Cache-Control': 'public, max-age=60',
          'cf-cache-status': 'HIT',
        },
      }),
  )
  const rendered = vi.fn(() => 'rendered')
  const app = new Hono<AppEnv>().use(canonicalPages).all('*', (c) => c.text(rendered()))
  const ctx = {
    waitUntil() {},
    passThroughOnException() {},
    props: {},
    exports: { default: { fetch: loopback } },
  } as unknown as ExecutionContext
  const request = (path: string | Request, method = 'GET') =>
    app.request(path, typeof path === 'string' ? { method } : undefined, {}, ctx)
  return { loopback, rendered, request }
}

test.each([
  ['/en-ca?utm_source=newsletter', '/en-ca'],
  ['/en-ca/', '/en-ca'],
  ['/en-de/product/toddler-blanket?fbclid=abc&x=1', '/en-de/product/toddler-blanket'],
  ['/en-de/product/toddler%2Dblanket', '/en-de/product/toddler-blanket'],
  ['/en-de/product/b%c3%a9b%c3%a9', '/en-de/product/b%C3%A9b%C3%A9'],
  ['/en-zz/terms?', '/en-zz/terms'],
  // An unprefixed page is its market's: here no country is known (Shopify's unknown region).
  ['/', '/en-zz'],
  ['/?utm_source=newsletter', '/en-zz'],
  ['/product/toddler%2Dblanket', '/en-zz/product/toddler-blanket'],
  ['/terms', '/en-zz/terms'],
])('%s is answered with the kept page of %s, and not kept under its own spelling', async (path, canonical) => {
  const { loopback, rendered, request } = harness()
  const res = await request(path)
  expect(await res.text()).toBe(`kept page for ${canonical}`)
  expect(loopback).toHaveBeenCalledTimes(1)
  expect(rendered).not.toHaveBeenCalled()
  expect(res.headers.get('Cloudflare-CDN-Cache-Control')).toBe('no-store')
  expect(res.headers.get('Cache-Control')).toBe('no-cache')
})

test('HEAD goes the same way; a market’s canonical address, a path no page has, POSTs and /cart/status are rendered as they are', async () => {
  const { loopback, rendered, request } = harness()
  await request('/?utm_source=x', 'HEAD')
  expect(loopback.mock.calls[0]![0].method).toBe('HEAD')
  for (const [path, method] of [
    ['/en-ca', 'GET'],
    ['/en-ca/product/toddler-blanket', 'GET'],
    ['/checkout?x=1', 'POST'],
    ['/cart/status?id=gid%3A%2F%2Fshopify%2FCart%2Fc1', 'GET'],
  ] as const) {
    expect(await (await request(path, method)).text()).toBe('rendered')
  }
  expect(loopback).toHaveBeenCalledTimes(1)
  expect(rendered).toHaveBeenCalledTimes(4)
})

test('a segment that is not valid percent-encoding is left for the routes to refuse', () => {
  expect(canonicalPath('/product/%E0%A4%A')).toBe('/product/%E0%A4%A')
  expect(canonicalPath('/product/toddler blanket')).toBe('/product/toddler%20blanket')
})

test('a shopper Cloudflare places in Canada gets, at an unprefixed page, the kept page of /en-ca; Tor gets the unknown region’s', async () => {
  const { loopback, request } = harness()
  const from = (country: string) => {
    const asked = new Request('http://shop.test/product/toddler-blanket?utm_source=x')
    Object.defineProperty(asked, 'cf', { value: { country } })
    return asked
  }
  expect(await (await request(from('CA'))).text()).toBe('kept page for /en-ca/product/toddler-blanket')
  expect(await (await request(from('T1'))).text()).toBe('kept page for /en-zz/product/toddler-blanket')
  expect(loopback).toHaveBeenCalledTimes(2)
})

/** Paths of the pieces browsers and workerd normalise: dot segments spelled every way, slashes, encodings, a market, a page. */
const spelledPaths = fc
  .array(
    fc.constantFrom(
      '/',
      '//',
      '.',
      '..',
      '%2e',
      '%2E%2e',
      '%2f',
      '%252e',
      '%2D',
      '\\',
      'en-de',
      'en-zz',
      'product',
      'toddler-blanket',
      'terms',
      'evil.example',
      '%E0%A4%A',
      'é',
      ' ',
    ),
    { minLength: 1, maxLength: 10 },
  )
  .map((parts) => `/${parts.join('')}`)

test(
  'property: a canonical path is one spelling: the same again, and what a URL resolves it to',
  () => {
    fc.assert(
      fc.property(spelledPaths, (spelled) => {
        // What the Worker reads: the request's URL as parsed, dot segments gone.
        const pathname = new URL(`https://shop.test${spelled}`).pathname
        const canonical = canonicalPath(pathname)
        expect(canonicalPath(canonical)).toBe(canonical)
        const resolved = new URL('https://shop.test')
        resolved.pathname = canonical
        expect(resolved.pathname).toBe(canonical)
      }),
      { numRuns: 1000 },
    )
  },
  PROPERTY_TIMEOUT_MS,
)

test(
  'property: whatever the spelling, the page is asked of the shop itself, at its canonical path',
  async () => {
    const { loopback, request } = harness()
    await fc.assert(
      fc.asyncProperty(spelledPaths, fc.constantFrom('', '?', '?utm_source=x'), async (spelled, query) => {
        loopback.mockClear()
        const res = await request(new Request(`http://shop.test${spelled.replace(/[?#]/g, '')}${query}`))
        for (const [asked] of loopback.mock.calls) {
          const url = new URL(asked.url)
          expect(url.origin).toBe('http://shop.test')
          expect(canonicalPath(url.pathname)).toBe(url.pathname)
          expect(url.search).toBe('')
        }
        expect([200, 404]).toContain(res.status)
      }),
      { numRuns: 1000 },
    )
  },
  PROPERTY_TIMEOUT_MS,
)

test('a header the cache keys by is taken off, and the page asked for without it', async () => {
  const { loopback, request } = harness()
  await request(
    new Request('http://shop.test/en-ca', { headers: { 'X-Forwarded-Host': 'evil.example', Accept: 'text/html' } }),
  )
  expect(loopback).toHaveBeenCalledTimes(1)
  const [asked] = loopback.mock.calls[0]!
  expect(asked.headers.has('X-Forwarded-Host')).toBe(false)
  expect(asked.headers.get('Accept')).toBe('text/html')
})

test('a POST to a page, and a Worker without its loopback (a test of the app alone), are rendered as they are', async () => {
  const { loopback, rendered, request } = harness()
  expect(await (await request('/?utm_source=x', 'POST')).text()).toBe('rendered')
  expect(loopback).not.toHaveBeenCalled()
  const alone = new Hono<AppEnv>().use(canonicalPages).all('*', (c) => c.text(rendered()))
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext
  expect(await (await alone.request('/?utm_source=x', undefined, {}, ctx)).text()).toBe('rendered')
})

test('a redirect within a market’s pages stays at the address the shopper used', async () => {
  const { loopback, request } = harness()
  loopback.mockImplementation(
    async (asked: Request) =>
      new Response(null, {
        status: 301,
        headers: { Location: `${new URL(asked.url).pathname.toLowerCase()}` },
      }),
  )
  // Unprefixed: the market's prefix comes off the Location.
  expect((await request('/product/Toddler-Blanket')).headers.get('Location')).toBe('/product/toddler-blanket')
  // Prefixed: kept as the market's address.
  expect((await request('/en-de/product/Toddler-Blanket?x=1')).headers.get('Location')).toBe(
    '/en-de/product/toddler-blanket',
  )
  // Elsewhere: left alone.
  loopback.mockImplementation(async () => new Response(null, { status: 302, headers: { Location: '/elsewhere' } }))
  expect((await request('/product/Toddler-Blanket')).headers.get('Location')).toBe('/elsewhere')
})

test.each(['/sitemap.xml', '/robots.txt', '/.well-known/ucp', '/speculation-rules.json'])(
  '%s, kept by a cache but no page, is answered without its query from its own kept copy',
  async (path) => {
    const { loopback, request } = harness()
    expect(await (await request(`${path}?utm_source=x`)).text()).toBe(`kept page for ${path}`)
    expect(loopback).toHaveBeenCalledTimes(1)
  },
)
