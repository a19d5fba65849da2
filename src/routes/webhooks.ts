import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { AppEnv } from '../app-env'
import { readConfig } from '../config'
import { log } from '../log'
import { productTag } from '../render/cache-policy'
import { purgePages } from '../render/purge-pages'
import { productStore } from '../storefront/read-product'
import type { DeliveryClaim } from '../storefront/product-store'

// What the shop reads of Shopify's products/update body (the body is signed, unlike the
// headers): the handle, and when the product was updated.
const productUpdate = z.object({
  handle: z.string().min(1).max(255),
  updated_at: z.iso.datetime({ offset: true }).transform((at) => Date.parse(at)).nullish(),
})

/** A body's SHA-256, hex: how a replay at the same second is told from a second edit. */
async function digestOf(body: ArrayBuffer): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', body))].map((byte) => byte.toString(16).padStart(2, '0')).join('')
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Shopify's delivery ids are UUIDs; anything longer or stranger is not Shopify's. */
const DELIVERY_ID = /^[A-Za-z0-9-]{1,64}$/

/** Base64 HMAC-SHA256 of the raw body, checked with WebCrypto's verify (constant time). */
async function signedByShopify(secret: string, body: ArrayBuffer, signature: string | undefined): Promise<boolean> {
  if (!signature) return false
  let expected: Uint8Array<ArrayBuffer>
  try {
    expected = Uint8Array.from(atob(signature), (c) => c.charCodeAt(0))
  } catch {
    return false
  }
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify'])
  return crypto.subtle.verify('HMAC', key, expected, body)
}

/**
 * Shopify's `products/update` webhook. Unsigned or wrongly signed requests are refused
 * before anything is touched. A delivery seen before (Shopify retries with the same
 * `X-Shopify-Webhook-Id`) changes nothing, and neither does a body whose signed
 * `updated_at` is older than the last one acted on, or of the same second and already acted
 * on: the id is not signed, so a leaked delivery replayed under new ids is caught by its
 * body, while a second real edit within the same second (Shopify counts whole seconds) is
 * acted on. Genuine deliveries in a burst are
 * refreshed and purged at most once per WEBHOOK_REFRESH_INTERVAL_MS (webhook-deliveries.ts).
 *
 * The product's store asks Shopify at once, then every page tagged with the product is
 * purged worldwide (Workers Cache purges globally by tag; docs: "Purging the cache"). The
 * Storefront API can lag the webhook: when its answer has not changed yet, the store asks
 * again after WEBHOOK_REFETCH_DELAY_MS and the pages are purged again. Purges are few (two
 * per delivery at most): the free plan allows 5 a minute (docs: "Purge cache"). The delayed
 * step runs under
 * waitUntil, which Cloudflare keeps alive for up to 30 s after the answer (docs: "Context
 * (ctx)"); config.ts caps the delay below that.
 */
export const webhooks = new Hono<AppEnv>().post(
  '/products/update',
  bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.json({ error: 'Webhook body too large' }, 413) }),
  async (c) => {
    const config = readConfig(c.env)
    if (!config.webhook.secret) return c.json({ error: 'Webhooks are not configured (SHOPIFY_WEBHOOK_SECRET)' }, 404)
    const body = await c.req.arrayBuffer()
    if (!(await signedByShopify(config.webhook.secret, body, c.req.header('X-Shopify-Hmac-Sha256')))) {
      log(c, 'warn', 'webhook refused: bad or missing signature')
      return c.json({ error: 'Invalid webhook signature' }, 401)
    }
    const deliveryId = c.req.header('X-Shopify-Webhook-Id')
    if (!deliveryId) return c.json({ error: 'Webhook has no X-Shopify-Webhook-Id' }, 400)
    if (!DELIVERY_ID.test(deliveryId)) return c.json({ error: 'X-Shopify-Webhook-Id must be 1 to 64 letters, digits or dashes' }, 400)
    let payload: unknown
    try {
      payload = JSON.parse(new TextDecoder().decode(body))
    } catch {
      return c.json({ error: 'Webhook body is not JSON' }, 400)
    }
    const parsed = productUpdate.safeParse(payload)
    if (!parsed.success) return c.json({ error: 'Webhook body has no product handle' }, 400)

    const { handle } = parsed.data
    const store = productStore(c.env, config, handle)
    let claim: DeliveryClaim
    try {
      claim = await store.claimDelivery(deliveryId, parsed.data.updated_at ?? null, await digestOf(body))
    } catch (error) {
      // Not remembering a delivery is no reason to refuse a genuine one: act on it.
      log(c, 'warn', 'webhook delivery could not be remembered', { handle, deliveryId, error })
      claim = 'new'
    }
    if (claim === 'seen') {
      log(c, 'info', 'webhook delivery already handled', { handle, deliveryId })
      return c.json({ duplicate: deliveryId })
    }
    if (claim === 'not newer') {
      log(c, 'warn', 'webhook body no newer than the last one acted on', { handle, deliveryId })
      return c.json({ ignored: deliveryId, reason: 'not newer than the last update' })
    }
    const refreshAndPurge = async (step: string): Promise<boolean> => {
      try {
        const { changed } = await store.refreshNow(handle)
        log(c, 'info', 'product refreshed after webhook', { handle, step, changed })
        return changed
      } catch (error) {
        log(c, 'warn', 'refresh after webhook failed', { handle, step, error })
        return false // the store marked its entry stale: the next page asks Shopify again
      } finally {
        // Even when unchanged: a page rendered just before the webhook may hold old data.
        await purgePages(c, [productTag(handle)])
      }
    }
    let wait: number | null
    try {
      wait = await store.claimRefreshSlot(Date.now())
    } catch {
      wait = 0
    }
    if (wait === null) {
      log(c, 'info', 'webhook delivery joins a refresh already waiting', { handle, deliveryId })
      return c.json({ coalesced: deliveryId })
    }
    if (wait > 0) {
      c.executionCtx.waitUntil(sleep(wait).then(() => refreshAndPurge('next slot')))
      return c.json({ purging: handle, inMs: wait })
    }
    // Shopify already shows the change: its data did not lag, so no second call is needed.
    if (await refreshAndPurge('now')) return c.json({ purged: handle })
    c.executionCtx.waitUntil(
      (async () => {
        await sleep(config.webhook.refetchDelayMs)
        await refreshAndPurge('after delay')
      })(),
    )
    return c.json({ purged: handle })
  },
)
