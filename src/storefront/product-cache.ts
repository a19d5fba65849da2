import type { Config } from '../config'
import { API_VERSION } from './client'
import { edgeCache } from '../render/html-cache'
import { fetchProduct } from './product'
import type { Product } from './types'

/**
 * The product query behind the Workers Cache API, with stale-while-revalidate and
 * stale-if-error done by hand: the Cache API ignores both directives, so each entry is
 * stored for its whole usable life and carries its own put date.
 *
 *   age < fresh                    HIT    served from cache
 *   age < fresh + swr              STALE  served at once, refreshed in the background
 *   older, within stale-if-error   MISS   refetched; served stale only if Shopify fails
 *
 * 'Not found' is cached for its own short time. Errors are never cached.
 */

export type CacheOutcome = 'HIT' | 'MISS' | 'STALE' | 'STALE-IF-ERROR'
export type CachedProduct = { product: Product | null; outcome: CacheOutcome; upstreamMs?: number }

type Entry = { storedAt: number; product: Product | null }

export type ProductCacheContext = {
  config: Config
  waitUntil: (promise: Promise<unknown>) => void
  buyerIp?: string | null
  /** Called when a background refresh fails, so it is logged rather than lost. */
  onBackgroundError?: (error: unknown) => void
}

// Bump when the cached Product shape changes, so old entries are not read back.
const ENTRY_VERSION = 'v1'

/** One upstream call per handle at a time in this isolate, whoever asks. */
const inflight = new Map<string, Promise<Product | null>>()

export function productCacheKey(config: Config, handle: string): string {
  const shop = new URL(config.storefront.origin).host
  return `https://product-cache.internal/${ENTRY_VERSION}/${encodeURIComponent(shop)}/${API_VERSION}/${encodeURIComponent(handle)}`
}

export async function getCachedProduct(ctx: ProductCacheContext, handle: string): Promise<CachedProduct> {
  const { productCache: lifetimes } = ctx.config
  const key = productCacheKey(ctx.config, handle)
  const entry = await readEntry(key)
  if (!entry) return timed(() => refresh(ctx, key, handle), 'MISS')

  const age = (Date.now() - entry.storedAt) / 1000
  const fresh = entry.product ? lifetimes.freshSeconds : lifetimes.notFoundSeconds
  if (age < fresh) return { product: entry.product, outcome: 'HIT' }

  if (entry.product && age < fresh + lifetimes.staleWhileRevalidateSeconds) {
    ctx.waitUntil(refresh(ctx, key, handle).catch((error) => ctx.onBackgroundError?.(error)))
    return { product: entry.product, outcome: 'STALE' }
  }

  try {
    return await timed(() => refresh(ctx, key, handle), 'MISS')
  } catch (error) {
    if (!entry.product) throw error
    return { product: entry.product, outcome: 'STALE-IF-ERROR' }
  }
}

async function timed(load: () => Promise<Product | null>, outcome: CacheOutcome): Promise<CachedProduct> {
  const started = Date.now()
  const product = await load()
  return { product, outcome, upstreamMs: Date.now() - started }
}

async function readEntry(key: string): Promise<Entry | null> {
  const cached = await edgeCache().match(key)
  if (!cached) return null
  try {
    return (await cached.json()) as Entry
  } catch {
    return null
  }
}

function refresh(ctx: ProductCacheContext, key: string, handle: string): Promise<Product | null> {
  const running = inflight.get(key)
  if (running) return running
  const request = fetchProduct(ctx.config.storefront, handle, ctx.buyerIp)
    .then((product) => {
      ctx.waitUntil(store(ctx.config, key, { storedAt: Date.now(), product }))
      return product
    })
    .finally(() => inflight.delete(key))
  inflight.set(key, request)
  return request
}

function store(config: Config, key: string, entry: Entry): Promise<void> {
  const { freshSeconds, staleWhileRevalidateSeconds, staleIfErrorSeconds, notFoundSeconds } = config.productCache
  const lifetime = entry.product
    ? freshSeconds + Math.max(staleWhileRevalidateSeconds, staleIfErrorSeconds)
    : notFoundSeconds
  if (lifetime <= 0) return Promise.resolve()
  return edgeCache().put(
    key,
    new Response(JSON.stringify(entry), {
      headers: { 'Content-Type': 'application/json', 'Cache-Control': `public, max-age=${lifetime}` },
    }),
  )
}

/**
 * After Shopify says a product changed: the entry is marked stale rather than deleted, so
 * shoppers keep a fast answer while it is refreshed, and refreshed again after
 * `refetchDelayMs`, because the Storefront API can lag the webhook that announced it.
 */
export async function invalidateProduct(ctx: ProductCacheContext, handle: string, refetchDelayMs: number, afterRefetch: () => Promise<unknown>) {
  const key = productCacheKey(ctx.config, handle)
  const entry = await readEntry(key)
  if (entry) await store(ctx.config, key, { ...entry, storedAt: 0 })
  ctx.waitUntil(
    (async () => {
      await refresh(ctx, key, handle).catch((error) => ctx.onBackgroundError?.(error))
      await afterRefetch()
      await new Promise((resolve) => setTimeout(resolve, refetchDelayMs))
      await refresh(ctx, key, handle).catch((error) => ctx.onBackgroundError?.(error))
      await afterRefetch()
    })(),
  )
}
