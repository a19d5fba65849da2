// Shopify's orders/create, as the double's checkout sends it when a buyer pays: verified as
// products/update is, joined to the shop's own checkout by the cart token, counted once, and
// read back by `npm run report`. Nothing of the buyer is kept or logged.
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { orderPayload, signedWebhookHeaders } from '../../storefront-double/orders.ts'
import { chdbAvailable } from '../../scripts/report/clickhouse.ts'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'
import { CAMPAIGN_KEYS, CAPS } from '../../client/model/attribution.ts'

const SECRET = 'whsec-orders-7a21'
let shop: Shop
beforeAll(async () => {
  shop = await startShop({ SHOPIFY_WEBHOOK_SECRET: SECRET })
}, 60_000)
afterAll(() => shop?.dispose())
beforeEach(() => {
  shop.double.webhookRetryDelaysMs = [50, 100]
})

const NOW = () => Date.now()
const GIFT_GUIDE = { last: { at: NOW(), utm_source: 'giftguide', utm_campaign: 'xmas', landing: '/' } }

/** A checkout as the app starts it: two blankets on `country`'s page, from `attribution`. */
async function checkout(country: string, attribution: unknown = GIFT_GUIDE, headers: Record<string, string> = {}) {
  const res = await shop.fetch('/checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ country, attribution, lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 2 }] }),
  })
  expect(res.status).toBe(200)
  return (await res.json()) as { cartId: string; checkoutUrl: string }
}
const status = async (cartId: string) =>
  ((await (await shop.fetch(`/cart/status?id=${encodeURIComponent(cartId)}`)).json()) as { status: string }).status
const orderRows = async () => (await shop.analyticsRows()).filter((row) => row.blob1 === 'order_created')
const tokenOf = (cartId: string) => cartId.replace('gid://shopify/Cart/', '').split('?')[0]!

/** Posts a body to the orders/create door, signed with `secret`, as delivery `deliveryId`. */
async function deliver(body: string, { deliveryId = crypto.randomUUID(), secret = SECRET } = {}) {
  const headers = await signedWebhookHeaders(body, secret, { topic: 'orders/create', deliveryId })
  const res = await shop.fetch('/webhooks/orders/create', { method: 'POST', headers, body })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}
/** Shopify's body for an order of `cartId`'s cart: two blankets, paid in euros. */
const orderOf = (cartId: string, at = new Date(), variantId = BLANKET_VARIANT_ID) =>
  JSON.stringify(
    orderPayload(
      {
        token: tokenOf(cartId),
        countryCode: 'DE',
        currency: 'EUR',
        attributes: [{ key: '_utm_source', value: 'forum' }],
        note: null,
        lines: [
          { variantId, title: 'Blanket', variantTitle: 'Default', sku: null, quantity: 2, unit: 35, shopUnit: 38 },
        ],
      },
      at,
    ),
  )

describe('a paid checkout', () => {
  test('a German shopper’s order: counted once in euros under the German market and its campaign, the cart ordered, nothing of the buyer logged', async () => {
    const { cartId, checkoutUrl } = await checkout('DE')
    // The campaign words travel with the cart, to Shopify's own reports too.
    expect(new URL(checkoutUrl).searchParams.get('utm_source')).toBe('giftguide')
    const [call] = shop.double.callsOf('CartCreate').slice(-1)
    expect((call!.variables.input as { attributes: { key: string }[] }).attributes.map((a) => a.key)).toEqual([
      '_utm_source',
      '_utm_campaign',
      '_landing',
      '_landed_at',
    ])
    expect(await status(cartId)).toBe('open')
    const before = (await orderRows()).length
    expect(await shop.double.pay(cartId)).toBe(true)
    expect(await status(cartId)).toBe('ordered')
    const rows = await orderRows()
    expect(rows.length).toBe(before + 1)
    expect(rows.at(-1)).toMatchObject({
      blob3: 'DE', // shipped to
      blob7: 'EUR',
      blob11: 'giftguide',
      blob12: 'xmas',
      blob13: 'DE',
      double1: 2,
      double4: 70,
    })
    // Shopify's body carried the buyer's name, e-mail, phone and address: none reached the logs.
    const logs = shop.logs.join('\n')
    for (const personal of ['Lovelace', 'ada@example.com', '+15555550123', '12 Example Street', '203.0.113.7'])
      expect(logs).not.toContain(personal)
    expect(shop.double.webhookAttempts().at(-1)).toMatchObject({ topic: 'orders/create', status: 200 })
  })

  test('a Canadian shopper’s order is counted in Canadian dollars, under Canada', async () => {
    const { cartId } = await checkout('CA', {})
    await shop.double.pay(cartId)
    expect((await orderRows()).at(-1)).toMatchObject({ blob7: 'CAD', blob13: 'CA', blob11: 'direct', double4: 104 })
  })

  test.runIf(chdbAvailable)(
    'npm run report: orders and revenue per currency and market, conversion per source, the time to order, checkouts not completed',
    async () => {
      const before = await shop.report()
      const { cartId: german } = await checkout('DE', {
        last: { at: NOW(), utm_source: 'newsletter', utm_campaign: 'advent' },
      })
      const { cartId: canadian } = await checkout('CA', {})
      await checkout('US', {}) // never paid
      await Promise.all([shop.double.pay(german), shop.double.pay(canadian)])
      // Two page views from the newsletter, as its shoppers' pages beacon them.
      const beacon = JSON.stringify({
        page: 'product',
        device: 'phone',
        connection: '4g',
        events: [{ type: 'page_view', source: 'newsletter', campaign: 'advent' }],
      })
      for (const _ of [1, 2]) {
        const headers = { 'Content-Type': 'application/json' }
        expect((await shop.fetch('/events', { method: 'POST', headers, body: beacon })).status).toBe(204)
      }
      const after = await shop.report()
      const orders = (report: typeof after, currency: string, market: string) =>
        report.orders.find((row) => row.currency === currency && row.market === market) ?? {
          count: 0,
          revenue: 0,
          blankets: 0,
        }
      for (const [currency, market, revenue] of [
        ['EUR', 'DE', 70],
        ['CAD', 'CA', 104],
      ] as const) {
        const [was, is] = [orders(before, currency, market), orders(after, currency, market)]
        expect([is.count - was.count, is.blankets - was.blankets, is.revenue - was.revenue]).toEqual([1, 2, revenue])
      }
      expect(before.sources.find((row) => row.source === 'newsletter')).toBeUndefined()
      expect(after.sources.find((row) => row.source === 'newsletter')).toEqual({
        source: 'newsletter',
        campaign: 'advent',
        views: 2,
        orders: 1,
        conversion: 0.5,
        revenue: { EUR: 70 },
      })
      expect((after.checkoutToOrder?.count ?? 0) - (before.checkoutToOrder?.count ?? 0)).toBe(2)
      expect(after.checkoutsNotCompleted - before.checkoutsNotCompleted).toBe(1)
      const ordered = (report: typeof after) => report.funnel.find((step) => step.step === 'order_created')!.count
      expect(ordered(after) - ordered(before)).toBe(2)
    },
  )
})

describe('what changes nothing', () => {
  test('a forged signature (401), a replay, a second delivery of the order, an unknown cart, another product, one too old (400), 2 MB (413)', async () => {
    const { cartId } = await checkout('DE')
    const body = orderOf(cartId)
    const count = async () => (await orderRows()).length
    const start = await count()
    expect((await deliver(body, { secret: 'not-the-app-secret' })).status).toBe(401)
    expect(await status(cartId)).toBe('open')
    const id = crypto.randomUUID()
    expect(await deliver(body, { deliveryId: id })).toEqual({ status: 200, body: { counted: expect.any(String) } })
    expect(await deliver(body, { deliveryId: id })).toMatchObject({ body: { reason: 'seen' } })
    expect(await deliver(body)).toMatchObject({ body: { reason: 'seen' } }) // same order, another delivery
    const other = JSON.parse(orderOf(cartId)) as { id: number }
    expect(await deliver(JSON.stringify({ ...other, id: other.id + 7 }))).toMatchObject({
      body: { reason: 'already ordered' },
    })
    expect(await deliver(orderOf('gid://shopify/Cart/never-made-here'))).toMatchObject({
      body: { reason: 'unknown cart' },
    })
    const { cartId: second } = await checkout('DE')
    expect(await deliver(orderOf(second, new Date(), 'gid://shopify/ProductVariant/999'))).toMatchObject({
      body: { reason: 'not ours' },
    })
    const old = await deliver(orderOf(second, new Date(Date.now() - 3 * 24 * 60 * 60_000)))
    expect(old).toMatchObject({ status: 400, body: { error: expect.stringMatching(/older/) } })
    const huge = JSON.stringify({ ...JSON.parse(orderOf(second)), padding: 'x'.repeat(2 * 1024 * 1024) })
    expect((await deliver(huge)).status).toBe(413)
    expect(await status(second)).toBe('open')
    expect(await count()).toBe(start + 1)
  })

  test('the double retries a delivery the shop did not take, with the same id, until it does', async () => {
    const { cartId } = await checkout('US', {})
    shop.double.sendOrdersTo({ url: `${shop.origin}/webhooks/orders/create`, secret: 'a-rotated-secret' })
    expect(await shop.double.pay(cartId)).toBe(false)
    const tries = shop.double.webhookAttempts().slice(-3)
    expect(tries.map((attempt) => attempt.status)).toEqual([401, 401, 401])
    expect(new Set(tries.map((attempt) => attempt.deliveryId)).size).toBe(1)
    shop.double.sendOrdersTo({ url: `${shop.origin}/webhooks/orders/create`, secret: SECRET })
    expect(await status(cartId)).toBe('gone') // no order told: Shopify forgetting the cart is the fallback
  })
})

describe('where the shopper came from', () => {
  test('under Sec-GPC: 1 the cart carries no attribution and the checkout’s address no campaign', async () => {
    const { checkoutUrl } = await checkout('US', GIFT_GUIDE, { 'Sec-GPC': '1' })
    const [call] = shop.double.callsOf('CartCreate').slice(-1)
    expect((call!.variables.input as { attributes?: unknown }).attributes).toBeUndefined()
    expect(new URL(checkoutUrl).searchParams.has('utm_source')).toBe(false)
  })

  test('whatever a body claims, only the known keys reach cartCreate, within their caps, never an error', async () => {
    const known = new Set(
      ['_', '_first_'].flatMap((prefix) =>
        [...CAMPAIGN_KEYS, 'ref', 'referrer', 'landing', 'landed_at'].map((key) => prefix + key),
      ),
    )
    const touch = fc.dictionary(
      fc.oneof(fc.constantFrom(...CAMPAIGN_KEYS, 'ref', 'referrer', 'landing', 'at'), fc.string()),
      fc.oneof(fc.string({ maxLength: 400 }), fc.constant(NOW()), fc.integer(), fc.constant(null), fc.object()),
    )
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.record({ first: touch, last: touch }), fc.anything()), async (attribution) => {
        const calls = shop.double.callsOf('CartCreate').length
        await checkout('US', attribution)
        const input = shop.double.callsOf('CartCreate')[calls]!.variables.input as {
          attributes?: { key: string; value: string }[]
        }
        for (const { key, value } of input.attributes ?? []) {
          expect(known.has(key)).toBe(true)
          expect([...value].length).toBeLessThanOrEqual(CAPS.referrer)
          // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them
          expect(value).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
        }
      }),
      { numRuns: 40 },
    )
  })
})
