import { API_VERSION } from '../../src/storefront/api-version.ts'
import { Hono } from 'hono'
import { describe, expect, test, vi } from 'vitest'
import type { AppEnv } from '../../src/app-env.ts'
import { rateLimitKey } from '../../src/rate-limit.ts'
import type { Bindings } from '../../src/config.ts'
import { webhooks } from '../../src/routes/webhooks.ts'
import { signedWebhookHeaders } from '../../storefront-double/storefront-double.ts'

// The production contract with Workers Cache, checked without the local stand-in: the
// purges the Worker asks of `ctx.cache` (the headers it is given: cache-policy.test.ts).

const SECRET = 'whsec-unit'
const baseEnv = {
  SHOP_ORIGIN: 'https://shop.example.com',
  SHOPIFY_STORE_DOMAIN: 'blanket-shop.myshopify.com',
  SHOPIFY_STOREFRONT_TOKEN: 't',
  SHOPIFY_WEBHOOK_SECRET: SECRET,
}

describe('the webhook purges by tag through ctx.cache', () => {
  function harness({ withCache = true, changedAtOnce = false, changedLater = true } = {}) {
    const purge = vi.fn(async (_: { tags: string[] }) => ({ success: true }))
    const store = {
      claimDelivery: vi.fn(async (id: string) =>
        id === 'seen-before' ? 'seen' : id === 'broken-storage' ? Promise.reject(new Error('SQLITE_TOOBIG')) : 'new',
      ),
      refreshNow: vi
        .fn()
        .mockResolvedValueOnce({ showsEdit: changedAtOnce })
        .mockResolvedValueOnce({ showsEdit: changedLater }),
      claimRefreshSlot: vi.fn(async (): Promise<number | null> => 0),
      releaseDelivery: vi.fn(async () => {}),
      followEdit: vi.fn(async () => {}),
    }
    const pending: Promise<unknown>[] = []
    const ctx = {
      waitUntil: (p: Promise<unknown>) => pending.push(p),
      passThroughOnException() {},
      props: {},
      ...(withCache ? { cache: { purge } } : {}),
    }
    const env = { ...baseEnv, WEBHOOK_REFETCH_DELAY_MS: '5', PRODUCT_STORE: { getByName: vi.fn(() => store) } }
    const send = async (deliveryId = crypto.randomUUID() as string) => {
      const body = JSON.stringify({ handle: 'toddler-blanket' })
      const app = new Hono<AppEnv>().route('/webhooks', webhooks)
      const res = await app.request(
        '/webhooks/products/update',
        { method: 'POST', headers: await signedWebhookHeaders(body, SECRET, { deliveryId }), body },
        env as unknown as Bindings,
        ctx as unknown as ExecutionContext,
      )
      await Promise.all(pending)
      return res
    }
    return { purge, store, env, send }
  }

  test("Shopify lagging (nothing changed yet): purges the product's tag worldwide at once, and hands the edit to the product's store", async () => {
    const { purge, store, env, send } = harness()
    expect((await send('lagging')).status).toBe(200)
    expect(env.PRODUCT_STORE.getByName).toHaveBeenCalledWith(
      `blanket-shop.myshopify.com/${API_VERSION}/toddler-blanket`,
    )
    expect(store.refreshNow).toHaveBeenCalledTimes(1)
    expect(purge.mock.calls).toEqual([[{ tags: ['product:toddler-blanket'] }]])
    expect(store.followEdit).toHaveBeenCalledWith('toddler-blanket', 'lagging')
  })

  test('Shopify already showing the change: one call, one purge, nothing to follow', async () => {
    const { purge, store, send } = harness({ changedAtOnce: true })
    await send()
    expect(store.refreshNow).toHaveBeenCalledTimes(1)
    expect(purge.mock.calls).toEqual([[{ tags: ['product:toddler-blanket'] }]])
    expect(store.followEdit).not.toHaveBeenCalled()
  })

  test('a failed refresh purges nothing, since nothing newer can be rendered, and the store follows the edit', async () => {
    const { purge, store, send } = harness()
    store.refreshNow.mockReset().mockRejectedValue(new Error('Shopify is down'))
    expect((await send()).status).toBe(200)
    expect(purge).not.toHaveBeenCalled()
    expect(store.refreshNow).toHaveBeenCalledTimes(1)
    expect(store.followEdit).toHaveBeenCalledTimes(1)
  })

  test('a delivery seen before purges nothing', async () => {
    const { purge, store, send } = harness()
    const res = await send('seen-before')
    expect(await res.json()).toEqual({ duplicate: 'seen-before' })
    expect(store.refreshNow).not.toHaveBeenCalled()
    expect(purge).not.toHaveBeenCalled()
  })

  // The delivery id is not signed: an attacker replaying a leaked body may set it to anything.
  test.each([
    ['longer than 64 characters', 'a'.repeat(65)],
    ['not a UUID-like id', 'id with spaces/and;symbols'],
  ])('a delivery id %s is a 400, and nothing is remembered or purged', async (_, deliveryId) => {
    const { purge, store, send } = harness()
    const res = await send(deliveryId)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({ error: 'X-Shopify-Webhook-Id must be 1 to 64 letters, digits or dashes' })
    expect(store.claimDelivery).not.toHaveBeenCalled()
    expect(purge).not.toHaveBeenCalled()
  })

  test('a store that cannot remember the delivery does not turn a genuine one into a 500', async () => {
    const { purge, store, send } = harness({ changedAtOnce: true })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect((await send('broken-storage')).status).toBe(200)
    expect(store.refreshNow).toHaveBeenCalledTimes(1)
    expect(purge).toHaveBeenCalledTimes(1)
  })

  test('a burst: a delivery whose slot is taken joins the refresh already waiting; one that must wait is purged when its slot comes', async () => {
    const { purge, store, send } = harness({ changedAtOnce: true })
    store.claimRefreshSlot.mockResolvedValueOnce(null)
    const joined = await send()
    expect(await joined.json()).toEqual({ coalesced: expect.any(String) })
    expect(store.refreshNow).not.toHaveBeenCalled()
    expect(purge).not.toHaveBeenCalled()
    store.claimRefreshSlot.mockResolvedValueOnce(20)
    const waiting = await send() // send() waits for the waitUntil work too
    expect(await waiting.json()).toEqual({ purging: 'toddler-blanket', inMs: 20 })
    expect(store.refreshNow).toHaveBeenCalledTimes(1)
    expect(purge).toHaveBeenCalledTimes(1)
  })

  // Production's ctx.cache.purge rejects past the account's purge rate limit ("Purge cache").
  test('a purge refused on every try: a 503, and the delivery is forgotten so that Shopify retries it', async () => {
    const { purge, store, send } = harness({ changedAtOnce: true })
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    purge.mockRejectedValue(new Error('rate limited'))
    const res = await send('delivery-9')
    expect(res.status).toBe(503)
    expect(purge).toHaveBeenCalledTimes(3) // at once, then two retries while Shopify waits
    expect(store.releaseDelivery).toHaveBeenCalledWith('delivery-9', expect.stringMatching(/^[0-9a-f]{64}$/))
  })

  test('without ctx.cache (Workers Cache off) the refresh still happens and nothing throws', async () => {
    const { store, send } = harness({ withCache: false })
    expect((await send()).status).toBe(200)
    expect(store.refreshNow).toHaveBeenCalledTimes(1)
    expect(store.followEdit).toHaveBeenCalledTimes(1)
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
