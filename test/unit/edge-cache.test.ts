import { Hono } from 'hono'
import { describe, expect, test, vi } from 'vitest'
import type { AppEnv } from '../../src/app-env'
import { rateLimitKey } from '../../src/client-address'
import type { Bindings } from '../../src/config'
import { cachePolicy } from '../../src/local/workers-cache'
import { pageCacheHeaders } from '../../src/render/page-cache'
import { webhooks } from '../../src/routes/webhooks'
import { signedWebhookHeaders } from '../../storefront-double/storefront-double'

// The production contract with Workers Cache, checked without the local stand-in: the
// headers Cloudflare receives, and the purges the Worker asks of `ctx.cache`.

const SECRET = 'whsec-unit'
const baseEnv = { SHOP_ORIGIN: 'https://shop.example.com', SHOPIFY_STORE_DOMAIN: 'blanket-shop.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', SHOPIFY_WEBHOOK_SECRET: SECRET }

describe('what Workers Cache is told to keep', () => {
  const page = (complete: boolean, status = 200, vars: Record<string, string> = {}) => {
    const app = new Hono<AppEnv>().use(pageCacheHeaders).get('/', (c) => {
      c.set('cacheTags', ['product:toddler-blanket'])
      c.set('htmlComplete', complete)
      c.header('X-Request-Id', 'req-1')
      c.header('Server-Timing', 'cache;desc="MISS"')
      c.header('Content-Security-Policy', "default-src 'self'; script-src 'self' 'nonce-abc123' 'sha256-xyz'")
      return c.html('<p>page</p>', status as 200)
    })
    return app.request('/', {}, { ...baseEnv, ...vars } as unknown as Bindings)
  }

  test('a whole page: edge lifetimes with SWR and stale-if-error, tags, browsers revalidate, nothing per request', async () => {
    const res = await page(true, 200, { HTML_CACHE_SECONDS: '60', HTML_CACHE_SWR_SECONDS: '600', HTML_CACHE_STALE_IF_ERROR_SECONDS: '86400' })
    expect(res.headers.get('Cloudflare-CDN-Cache-Control')).toBe('public, max-age=60, stale-while-revalidate=600, stale-if-error=86400')
    expect(res.headers.get('Cache-Control')).toBe('no-cache')
    expect(res.headers.get('Cache-Tag')).toBe('pages,product:toddler-blanket')
    expect(res.headers.get('X-Request-Id')).toBeNull()
    expect(res.headers.get('Server-Timing')).toBeNull()
    expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'self'; script-src 'self' 'sha256-xyz'")
    // What Cloudflare (and the stand-in) reads from these: 60 s fresh, 600 s SWR, a day stale-if-error.
    expect(cachePolicy(res)).toEqual({ maxAge: 60, staleWhileRevalidate: 600, staleIfError: 86400 })
  })

  test.each([
    ['streamed without its product', false, 200],
    ['an error', true, 500],
    ['unavailable', true, 503],
    ['a 404', true, 404],
  ])('a page %s is no-store for every cache', async (_, complete, status) => {
    const res = await page(complete, status)
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    expect(res.headers.get('Cloudflare-CDN-Cache-Control')).toBeNull()
    expect(res.headers.get('Cache-Tag')).toBeNull()
    expect(cachePolicy(res)).toBeNull()
  })
})

describe('the webhook purges by tag through ctx.cache', () => {
  function harness({ withCache = true, changedAtOnce = false, changedLater = true } = {}) {
    const purge = vi.fn(async (_: { tags: string[] }) => ({ success: true }))
    const store = {
      claimDelivery: vi.fn(async (id: string) => id !== 'seen-before'),
      refreshNow: vi.fn().mockResolvedValueOnce({ changed: changedAtOnce }).mockResolvedValueOnce({ changed: changedLater }),
    }
    const pending: Promise<unknown>[] = []
    const ctx = { waitUntil: (p: Promise<unknown>) => pending.push(p), passThroughOnException() {}, props: {}, ...(withCache ? { cache: { purge } } : {}) }
    const env = { ...baseEnv, WEBHOOK_REFETCH_DELAY_MS: '5', PRODUCT_STORE: { getByName: vi.fn(() => store) } }
    const send = async (deliveryId = crypto.randomUUID() as string) => {
      const body = JSON.stringify({ handle: 'toddler-blanket' })
      const app = new Hono<AppEnv>().route('/webhooks', webhooks)
      const res = await app.request('/webhooks/products/update', { method: 'POST', headers: await signedWebhookHeaders(body, SECRET, { deliveryId }), body }, env as unknown as Bindings, ctx as unknown as ExecutionContext)
      await Promise.all(pending)
      return res
    }
    return { purge, store, env, send }
  }

  test("Shopify lagging (nothing changed yet): purges the product's tag worldwide at once, and again after the refetch", async () => {
    const { purge, store, env, send } = harness()
    expect((await send()).status).toBe(200)
    expect(env.PRODUCT_STORE.getByName).toHaveBeenCalledWith('blanket-shop.myshopify.com/2025-07/toddler-blanket')
    expect(store.refreshNow).toHaveBeenCalledTimes(2)
    expect(purge.mock.calls).toEqual([[{ tags: ['product:toddler-blanket'] }], [{ tags: ['product:toddler-blanket'] }]])
  })

  test('Shopify already showing the change: one call, one purge, no refetch', async () => {
    const { purge, store, send } = harness({ changedAtOnce: true })
    await send()
    expect(store.refreshNow).toHaveBeenCalledTimes(1)
    expect(purge.mock.calls).toEqual([[{ tags: ['product:toddler-blanket'] }]])
  })

  test('a failed refresh still purges, so no page outlives it', async () => {
    const { purge, store, send } = harness()
    store.refreshNow.mockReset().mockRejectedValue(new Error('Shopify is down'))
    expect((await send()).status).toBe(200)
    expect(purge).toHaveBeenCalledTimes(2)
  })

  test('a delivery seen before purges nothing', async () => {
    const { purge, store, send } = harness()
    const res = await send('seen-before')
    expect(await res.json()).toEqual({ duplicate: 'seen-before' })
    expect(store.refreshNow).not.toHaveBeenCalled()
    expect(purge).not.toHaveBeenCalled()
  })

  test('without ctx.cache (Workers Cache off) the refresh still happens and nothing throws', async () => {
    const { store, send } = harness({ withCache: false })
    expect((await send()).status).toBe(200)
    expect(store.refreshNow).toHaveBeenCalledTimes(2)
  })
})

test.each([
  ['198.51.100.7', '198.51.100.7'],
  ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '20010db800010002::/64'],
  ['2001:db8:1:2::1', '20010db800010002::/64'], // the same /64: one client
  ['2001:db8:1:3::1', '20010db800010003::/64'],
  [undefined, 'no-ip'],
  ['not an address', 'not an address'],
  ['2001:db8::zz', 'bad-ip'],
])('rate limits count %s as %s', (ip, key) => {
  expect(rateLimitKey(ip)).toBe(key)
})
