import { expect, test } from 'vitest'
import { cachePolicy } from '../../src/local/workers-cache.ts'
import { pageCachePolicy, type PageOutcome } from '../../src/render/cache-policy.ts'

// What Workers Cache is told to keep of a page, from the one value rendering produced: no
// Worker, no request. The worker tier checks the same headers on the built Worker's pages.

const lifetimes = { freshSeconds: 60, staleWhileRevalidateSeconds: 600, staleIfErrorSeconds: 86_400 }
const whole: PageOutcome = { status: 200, complete: true, tags: ['product:toddler-blanket'] }

test('pageCachePolicy: a whole page: edge lifetimes with SWR and stale-if-error, tags, browsers revalidate', () => {
  const policy = pageCachePolicy(whole, lifetimes)
  expect(policy).toEqual({
    shared: true,
    headers: {
      'Cache-Control': 'no-cache',
      'Cloudflare-CDN-Cache-Control': 'public, max-age=60, stale-while-revalidate=600, stale-if-error=86400',
      'Cache-Tag': 'pages,product:toddler-blanket',
    },
  })
  // What Cloudflare (and the local stand-in) reads from these: 60 s fresh, 600 s SWR, a day stale-if-error.
  expect(cachePolicy(new Response(null, { headers: policy.headers }))).toEqual({
    maxAge: 60,
    staleWhileRevalidate: 600,
    staleIfError: 86400,
  })
})

test('pageCachePolicy: a page with no product to wait for is tagged only as a page', () => {
  expect(pageCachePolicy({ ...whole, tags: [] }, lifetimes).headers['Cache-Tag']).toBe('pages')
})

test.each([
  ['streamed without its product', { ...whole, complete: false }],
  ['an error', { ...whole, status: 500 }],
  ['unavailable', { ...whole, status: 503 }],
  ['refused by the rate limit', { ...whole, status: 429 }],
  ['a 404', { ...whole, status: 404 }],
])('pageCachePolicy: a page %s is no-store for every cache', (_, outcome) => {
  const policy = pageCachePolicy(outcome, lifetimes)
  expect(policy).toEqual({ shared: false, headers: { 'Cache-Control': 'no-store' } })
  expect(cachePolicy(new Response(null, { headers: policy.headers }))).toBeNull()
})

test('pageCachePolicy: HTML_CACHE_SECONDS=0 turns page caching off; an unreadable config shares nothing', () => {
  expect(pageCachePolicy(whole, { ...lifetimes, freshSeconds: 0 }).shared).toBe(false)
  expect(pageCachePolicy(whole, null).shared).toBe(false)
})
