import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { readConfig } from '../config.ts'
import { log } from '../log.ts'
import { productTag } from '../render/cache-policy.ts'
import { purgePages } from '../render/purge-pages.ts'
import { productStore } from '../product/read-product.ts'
import type { DeliveryClaim } from '../product/product-store.ts'
import { sleep } from '../sleep.ts'
import { handOverIfLagging, LATE_PURGE_RETRIES_MS, PURGE_RETRIES_MS, refreshAndPurge } from '../product/product-edit.ts'
import { DELIVERY_ID, digestOf, readUpdate, signedByShopify } from './webhook-body.ts'
import { countOrder } from '../orders/count-order.ts'

/**
 * What every Shopify webhook passes before its topic's code runs, the same for each: a body
 * of at most 1 MB (413), Shopify's signature over it (401: unsigned or wrongly signed bodies
 * touch nothing) and a delivery id as Shopify's (400). The topic's code claims the id once
 * and holds the body's own date to a window.
 */
const fromShopify = createMiddleware<AppEnv>(async (c, next) => {
  const config = readConfig(c.env)
  if (!config.webhook.secret) return c.json({ error: 'Webhooks are not configured (SHOPIFY_WEBHOOK_SECRET)' }, 404)
  const body = await c.req.arrayBuffer()
  if (!(await signedByShopify(config.webhook.secret, body, c.req.header('X-Shopify-Hmac-Sha256')))) {
    log(c, 'warn', 'webhook refused: bad or missing signature', { topic: c.req.header('X-Shopify-Topic') })
    return c.json({ error: 'Invalid webhook signature' }, 401)
  }
  const id = c.req.header('X-Shopify-Webhook-Id')
  if (!id) return c.json({ error: 'Webhook has no X-Shopify-Webhook-Id' }, 400)
  if (!DELIVERY_ID.test(id))
    return c.json({ error: 'X-Shopify-Webhook-Id must be 1 to 64 letters, digits or dashes' }, 400)
  c.set('delivery', { id, body })
  await next()
})

const withinOneMegabyte = bodyLimit({
  maxSize: 1024 * 1024,
  onError: (c) => c.json({ error: 'Webhook body too large' }, 413),
})

/**
 * Shopify's `products/update` webhook: verify, parse, claim, answer. A delivery seen
 * before, or whose signed `updated_at` is no newer than the last acted on, changes nothing;
 * deliveries in a burst are acted on at most once per WEBHOOK_REFRESH_INTERVAL_MS
 * (webhook-deliveries.ts). The product's store asks Shopify at once and, once it has answered,
 * every page tagged with the product is purged worldwide (docs: "Purging the cache"); while
 * Shopify fails, the pages keep what they show (product-edit.ts); if every purge fails the
 * delivery is forgotten and answered 503, so Shopify's retry acts again. An edit Shopify does
 * not show yet is handed to the store, whose alarm follows it (product/product-edit.ts).
 *
 * Shopify's `orders/create`: the order counted against the checkout that made its cart
 * (orders/count-order.ts).
 */
export const webhooks = new Hono<AppEnv>()
  // Only the topics' own paths: /webhooks/products/purge is the Worker's loopback (product-purge.ts).
  .post('/orders/create', withinOneMegabyte, fromShopify, (c) => countOrder(c, c.get('delivery')!))
  .post('/products/update', withinOneMegabyte, fromShopify, async (c) => {
    const config = readConfig(c.env)
    const { id: deliveryId, body } = c.get('delivery')!
    const update = readUpdate(body)
    if ('error' in update) {
      if (update.clock)
        log(c, 'error', 'webhook refused: updated_at is in the future (a clock error)', { deliveryId, ...update.clock })
      return c.json({ error: update.error }, 400)
    }
    const { handle, updatedAt } = update
    const store = productStore(c.env, config, handle)
    const digest = await digestOf(body)
    let claim: DeliveryClaim
    try {
      claim = await store.claimDelivery(deliveryId, updatedAt ?? null, digest)
    } catch (error) {
      // Not remembering a delivery is no reason to refuse a genuine one: act on it.
      log(c, 'warn', 'webhook delivery could not be remembered', { handle, deliveryId, error })
      claim = 'new'
    }
    if (claim === 'seen') return c.json({ duplicate: deliveryId })
    if (claim === 'not newer') {
      log(c, 'warn', 'webhook body no newer than the last one acted on', { handle, deliveryId })
      return c.json({ ignored: deliveryId, reason: 'not newer than the last update' })
    }
    const steps = editSteps(c, store, handle, deliveryId)
    const wait = await store.claimRefreshSlot(Date.now()).catch(() => 0)
    if (wait === null) return c.json({ coalesced: deliveryId })
    if (wait > 0) {
      // Within waitUntil's 30 s after the answer (WEBHOOK_REFRESH_INTERVAL_MS is capped to fit; docs: "Context (ctx)").
      const late = async () => {
        await sleep(wait)
        await handOverIfLagging(steps, await refreshAndPurge(steps, 'next slot', LATE_PURGE_RETRIES_MS))
      }
      c.executionCtx.waitUntil(late())
      return c.json({ purging: handle, inMs: wait })
    }
    const now = await refreshAndPurge(steps, 'now', PURGE_RETRIES_MS)
    if (!now) {
      log(c, 'error', 'webhook delivery not handled: pages not purged', { handle, deliveryId })
      await store
        .releaseDelivery(deliveryId, digest)
        .catch((error: unknown) => steps.log('error', 'webhook delivery could not be forgotten', { error }))
      return c.json({ error: 'The pages could not be purged; retry the delivery' }, 503)
    }
    await handOverIfLagging(steps, now)
    if (!now.purged)
      return c.json({
        kept: handle,
        reason: 'Shopify did not answer: the pages keep what they show until it does',
        refetchInMs: config.webhook.refetchDelayMs,
      })
    return c.json(now.showsEdit ? { purged: handle } : { purged: handle, refetchInMs: config.webhook.refetchDelayMs })
  })

/** An edit's steps (product/product-edit.ts) as this delivery takes them: the product's store, the purge, the log. */
function editSteps(c: Context<AppEnv>, store: ReturnType<typeof productStore>, handle: string, deliveryId: string) {
  return {
    refresh: () => store.refreshNow(handle),
    purge: async (retryDelaysMs: number[], step: string) =>
      (await purgePages(c, [productTag(handle)], retryDelaysMs, { handle, step })) !== 'failed',
    log: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) =>
      log(c, level, message, { handle, deliveryId, ...fields }),
    handOver: () => store.followEdit(handle, deliveryId),
  }
}
