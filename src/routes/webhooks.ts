import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import type { AppEnv } from '../app-env.ts'
import { readConfig } from '../config.ts'
import { log } from '../log.ts'
import { PRODUCT_PURGE_PATH, productTag } from '../render/cache-policy.ts'
import { purgePages } from '../render/purge-pages.ts'
import { productStore } from '../product/read-product.ts'
import type { DeliveryClaim } from '../product/product-store.ts'
import { sleep } from '../sleep.ts'
import { WEBHOOK_WORK_BUDGET_MS } from '../wait-until.ts'
import {
  followLaggingEdit,
  LATE_PURGE_RETRIES_MS,
  PURGE_RETRIES_MS,
  refreshAndPurge,
  type EditOutcome,
  type EditSteps,
} from '../product/product-edit.ts'

// What the shop reads of Shopify's products/update body (the body is signed, unlike the
// headers): the handle, and when the product was updated.
const productUpdate = z.object({
  handle: z.string().min(1).max(255),
  updated_at: z.iso
    .datetime({ offset: true })
    .transform((at) => Date.parse(at))
    .nullish(),
})

/** A body's SHA-256, hex: how a replay at the same second is told from a second edit. */
async function digestOf(body: ArrayBuffer): Promise<string> {
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', body))]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join('')
}

/** How far ahead of the Worker's clock a body's `updated_at` may be before it is a clock error. */
const FUTURE_TOLERANCE_MS = 24 * 60 * 60_000

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
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  )
  return crypto.subtle.verify('HMAC', key, expected, body)
}

/**
 * Shopify's `products/update` webhook. Unsigned or wrongly signed requests are refused
 * before anything is touched. A delivery seen before (Shopify retries with the same
 * `X-Shopify-Webhook-Id`) changes nothing, and neither does a body whose signed
 * `updated_at` is older than the last one acted on, or of the same second and already acted
 * on: the id is not signed, so a leaked delivery replayed under new ids is caught by its
 * body, while a second real edit within the same second (Shopify counts whole seconds) is
 * acted on. Genuine deliveries in a burst are refreshed and purged at most once per
 * WEBHOOK_REFRESH_INTERVAL_MS (config.ts says why 24 s; webhook-deliveries.ts).
 *
 * The product's store asks Shopify at once, then every page tagged with the product is
 * purged worldwide (Workers Cache purges globally by tag; docs: "Purging the cache"). A
 * purge Cloudflare refuses is tried again; if every try fails, the delivery is forgotten and
 * answered 503, so Shopify's retry of it acts again. The Storefront API can lag the webhook:
 * until its answer shows the edit, the store asks again every WEBHOOK_REFETCH_DELAY_MS and
 * the pages are purged again (product/product-edit.ts), for a delivery that waited for its
 * slot too. That work runs under waitUntil, which Cloudflare keeps alive for up to 30 s after
 * the answer (docs: "Context (ctx)"), so it is bounded to end before.
 */
export const webhooks = new Hono<AppEnv>()
  .post(
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
      if (!DELIVERY_ID.test(deliveryId))
        return c.json({ error: 'X-Shopify-Webhook-Id must be 1 to 64 letters, digits or dashes' }, 400)
      let payload: unknown
      try {
        payload = JSON.parse(new TextDecoder().decode(body))
      } catch {
        return c.json({ error: 'Webhook body is not JSON' }, 400)
      }
      const parsed = productUpdate.safeParse(payload)
      if (!parsed.success) return c.json({ error: 'Webhook body has no product handle' }, 400)

      const { handle } = parsed.data
      // A body dated ahead is no edit of Shopify's: a clock gone wrong, or a forged date that would
      // otherwise make every real edit until then 'not newer' and leave the page stale.
      if (parsed.data.updated_at && parsed.data.updated_at > Date.now() + FUTURE_TOLERANCE_MS) {
        log(c, 'error', 'webhook refused: updated_at is in the future (a clock error)', {
          handle,
          deliveryId,
          updatedAt: new Date(parsed.data.updated_at).toISOString(),
        })
        return c.json({ error: 'updated_at is more than a day in the future' }, 400)
      }
      const store = productStore(c.env, config, handle)
      const digest = await digestOf(body)
      let claim: DeliveryClaim
      try {
        claim = await store.claimDelivery(deliveryId, parsed.data.updated_at ?? null, digest)
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
      const started = Date.now()
      const steps: EditSteps = {
        refresh: () => store.refreshNow(handle),
        purge: async (retryDelaysMs, step) =>
          (await purgePages(c, [productTag(handle)], retryDelaysMs, { handle, step })) !== 'failed',
        log: (level, message, fields) => log(c, level, message, { handle, deliveryId, ...fields }),
        sleep,
        now: Date.now,
        handOver: () => store.followEdit(handle, deliveryId),
      }
      // Work after the answer ends before waitUntil does (30 s after the answer; docs: "Context (ctx)").
      const follow = (first: EditOutcome) =>
        followLaggingEdit(steps, first, {
          delayMs: config.webhook.refetchDelayMs,
          deadline: started + WEBHOOK_WORK_BUDGET_MS,
        })

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
        c.executionCtx.waitUntil(
          (async () => {
            await sleep(wait)
            await follow(await refreshAndPurge(steps, 'next slot', LATE_PURGE_RETRIES_MS))
          })(),
        )
        return c.json({ purging: handle, inMs: wait })
      }
      const now = await refreshAndPurge(steps, 'now', PURGE_RETRIES_MS)
      if (!now) {
        // Not handled: forget the delivery, so Shopify's retry of it acts again.
        log(c, 'error', 'webhook delivery not handled: pages not purged', { handle, deliveryId })
        await store
          .releaseDelivery(deliveryId, digest)
          .catch((error: unknown) =>
            log(c, 'error', 'webhook delivery could not be forgotten', { handle, deliveryId, error }),
          )
        return c.json({ error: 'The pages could not be purged; retry the delivery' }, 503)
      }
      // Shopify already shows the edit: its data did not lag, so no second call is needed.
      if (now.showsEdit) return c.json({ purged: handle })
      c.executionCtx.waitUntil(follow(now))
      return c.json({ purged: handle, refetchInMs: config.webhook.refetchDelayMs })
    },
  )
  // The product's store purging the pages once its alarm finds an edit Shopify now shows
  // (product/product-store.ts, PRODUCT_PURGE_PATH). Only the Worker's own loopback sets
  // `props`; for anyone else this path does not exist.
  .post(PRODUCT_PURGE_PATH.slice('/webhooks'.length), async (c) => {
    const handle = (c.executionCtx as ExecutionContext<{ purgeProduct?: unknown }>).props?.purgeProduct
    if (typeof handle !== 'string') return c.notFound()
    const purged = await purgePages(c, [productTag(handle)], LATE_PURGE_RETRIES_MS, { handle, step: 'alarm' })
    return c.body(null, purged === 'failed' ? 502 : 204)
  })
