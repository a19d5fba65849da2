import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { LANDING_PRODUCT_HANDLE } from '../../client/page-data'
import type { AppEnv } from '../app-env'
import { readConfig } from '../config'
import { log } from '../log'
import { edgeCache, htmlCacheKey } from '../render/html-cache'
import { invalidateProduct } from '../storefront/product-cache'

const productUpdate = z.object({ handle: z.string().min(1).max(255) })

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

/** The cached pages that show this product. */
function pagesShowing(c: Context, handle: string): string[] {
  const paths = [`/product/${handle}`]
  if (handle === LANDING_PRODUCT_HANDLE) paths.push('/')
  return paths.map((path) => htmlCacheKey(new URL(path, c.req.url).toString()))
}

/**
 * Shopify's `products/update` webhook: the changed product's cached data and pages are
 * refreshed now instead of when their lifetimes run out. Unsigned or wrongly signed
 * requests are refused before anything is touched.
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
    let payload: unknown
    try {
      payload = JSON.parse(new TextDecoder().decode(body))
    } catch {
      return c.json({ error: 'Webhook body is not JSON' }, 400)
    }
    const parsed = productUpdate.safeParse(payload)
    if (!parsed.success) return c.json({ error: 'Webhook body has no product handle' }, 400)

    const { handle } = parsed.data
    const purgePages = () => Promise.all(pagesShowing(c, handle).map((key) => edgeCache().delete(key)))
    await purgePages()
    await invalidateProduct(
      {
        config,
        waitUntil: (promise) => c.executionCtx.waitUntil(promise),
        onBackgroundError: (error) => log(c, 'warn', 'refresh after webhook failed', { handle, error }),
      },
      handle,
      config.webhook.refetchDelayMs,
      purgePages,
    )
    log(c, 'info', 'product purged after webhook', { handle, topic: c.req.header('X-Shopify-Topic') ?? null })
    return c.json({ purged: handle })
  },
)
