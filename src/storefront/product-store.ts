import { DurableObject } from 'cloudflare:workers'
import { readConfig, type Bindings } from '../config'
import { withinLimit } from '../rate-limit'
import { fetchProduct } from './product'
import type { Product } from '../../client/model/product'

/**
 * The product store: one Durable Object per product handle, worldwide. Only this
 * object asks Shopify for its product, so Shopify sees at most one call per freshness
 * window whatever the traffic and however many data centres render pages (a per-data-centre
 * cache would multiply that by every location and isolate; docs/architecture.md has the
 * figures from bench/scale-model.ts).
 *
 *   age < fresh                       HIT             served from memory
 *   age < fresh + swr                 STALE           served at once, refreshed behind it
 *   older, within stale-if-error      MISS            refetched; served stale only if Shopify fails
 *
 * 'Not found' is kept for its own short time; errors are never kept. A refresh belongs to
 * the object, not to the request that started it: another caller waiting on it gets its
 * product even if the first one hung up.
 */

export type CacheOutcome = 'HIT' | 'MISS' | 'STALE' | 'STALE-IF-ERROR'

export type ProductRead =
  | { kind: 'known'; product: Product | null; outcome: CacheOutcome; upstreamMs?: number }
  /** Nothing is known of this handle, and asking Shopify would pass the client's rate limit. */
  | { kind: 'refused' }

type Entry = { storedAt: number; product: Product | null }

/** Bump when the stored Product shape changes, so old entries are not read back (v2: options). */
const ENTRY_KEY = 'entry-v2'
const DELIVERIES_KEY = 'webhook-deliveries'
const LAST_UPDATE_KEY = 'webhook-last-updated-at'
/** The latest signed `updated_at` acted on, and the digests of the bodies acted on at that second. */
type LastUpdate = { at: number; bodies: string[] }
/**
 * Shopify retries a delivery for up to 48 hours; far fewer than this arrive per product.
 * Ids are at most 64 characters (routes/webhooks.ts), so the list stays under 14 KB, far
 * below a Durable Object's per-value limit.
 */
const DELIVERIES_KEPT = 200

/** Whether a signed `products/update` delivery is one to act on. */
export type DeliveryClaim = 'new' | 'seen' | 'not newer'

/**
 * How often one product's pages are refreshed and purged for webhooks, however many
 * deliveries arrive: a merchant's bulk edit sends a burst, and purges are few a minute on the
 * free plan (docs: "Purge cache").
 */
export const WEBHOOK_REFRESH_INTERVAL_MS = 5_000

export class ProductStore extends DurableObject<Bindings> {
  #entry: Entry | null | undefined // undefined until read from storage
  #refreshing: Promise<Product | null> | null = null
  // When the next webhook refresh may start, in memory: an object evicted between deliveries
  // forgets it, which costs at most one refresh sooner than the interval.
  #nextRefreshAt = 0

  /**
   * When a webhook's refresh-and-purge may run: 0 (now), the ms to wait for the next slot,
   * or null when a refresh already waiting for that slot will take this delivery's change
   * along. At most one every WEBHOOK_REFRESH_INTERVAL_MS.
   */
  claimRefreshSlot(now: number): number | null {
    const lastClaimedStart = this.#nextRefreshAt - WEBHOOK_REFRESH_INTERVAL_MS
    if (lastClaimedStart > now) return null // a refresh is waiting for its slot
    const start = Math.max(now, this.#nextRefreshAt)
    this.#nextRefreshAt = start + WEBHOOK_REFRESH_INTERVAL_MS
    return start - now
  }

  /**
   * The product for a page, in one call per request. A handle this object knows nothing
   * about costs a Shopify call, so only that case counts against the client's
   * STOREFRONT_RATE_LIMITER, checked here: known products never count against shoppers. The
   * object's env holds the Worker's bindings, the rate limit among them; its counters are
   * per Cloudflare location (docs: "Rate Limiting"), here the object's, which counts a
   * client's lookups from everywhere in one place.
   */
  async read(handle: string, options: { buyerIp?: string | null; requestId?: string }): Promise<ProductRead> {
    const lifetimes = readConfig(this.env).productCache
    const entry = await this.#load()
    const age = entry ? (Date.now() - entry.storedAt) / 1000 : Infinity
    const fresh = entry?.product ? lifetimes.freshSeconds : lifetimes.notFoundSeconds

    if (entry && age < fresh) return { kind: 'known', product: entry.product, outcome: 'HIT' }
    if (entry?.product && age < fresh + lifetimes.staleWhileRevalidateSeconds) {
      this.#refresh(handle, options.buyerIp).catch((error: Error) =>
        // Logged here, under the id of the request that asked, since that answer is already out.
        console.warn(JSON.stringify({ level: 'warn', message: 'background product refresh failed', requestId: options.requestId, handle, error: { name: error.name, message: error.message } })),
      )
      return { kind: 'known', product: entry.product, outcome: 'STALE' }
    }
    if (!entry?.product && !(await withinLimit(this.env.STOREFRONT_RATE_LIMITER, options.buyerIp))) return { kind: 'refused' }

    const started = Date.now()
    try {
      const product = await this.#refresh(handle, options.buyerIp)
      return { kind: 'known', product, outcome: 'MISS', upstreamMs: Date.now() - started }
    } catch (error) {
      const servable = entry?.product && age < fresh + Math.max(lifetimes.staleWhileRevalidateSeconds, lifetimes.staleIfErrorSeconds)
      if (!servable) throw error
      return { kind: 'known', product: entry.product, outcome: 'STALE-IF-ERROR' }
    }
  }

  /**
   * Asks Shopify now (after a products/update webhook). Resolves to whether what is kept
   * changed: unchanged means Shopify's answer lags the webhook, and the caller asks again
   * later. A failure keeps
   * the old entry, marked stale so the next page asks again.
   */
  async refreshNow(handle: string): Promise<{ changed: boolean }> {
    const before = JSON.stringify((await this.#load())?.product)
    try {
      await this.#refresh(handle)
    } catch (error) {
      if (this.#entry) await this.#save({ ...this.#entry, storedAt: 0 })
      throw error
    }
    return { changed: JSON.stringify(this.#entry?.product) !== before }
  }

  /**
   * Whether to act on a delivery: 'seen' for an id seen before (Shopify may deliver one
   * twice), 'not newer' for a body whose signed `updated_at` is earlier than the last one
   * acted on, or the same second with a body already acted on (`bodyDigest`; the id is not
   * signed, so a replayed body under a new id is caught here).
   */
  async claimDelivery(deliveryId: string, updatedAt: number | null, bodyDigest: string): Promise<DeliveryClaim> {
    const seen = (await this.ctx.storage.get<string[]>(DELIVERIES_KEY)) ?? []
    if (seen.includes(deliveryId)) return 'seen'
    const last = await this.ctx.storage.get<LastUpdate | number>(LAST_UPDATE_KEY)
    // (A number: what was kept before the body's digest was.)
    const { at, bodies } = typeof last === 'number' ? { at: last, bodies: [] } : (last ?? { at: null, bodies: [] })
    // Shopify's updated_at counts whole seconds: two real edits within one share it, and
    // only a body already acted on at that second is a replay.
    if (updatedAt !== null && at !== null && (updatedAt < at || (updatedAt === at && bodies.includes(bodyDigest)))) return 'not newer'
    await this.ctx.storage.put(DELIVERIES_KEY, [...seen, deliveryId].slice(-DELIVERIES_KEPT))
    if (updatedAt !== null) {
      const kept: LastUpdate = { at: updatedAt, bodies: updatedAt === at ? [...bodies, bodyDigest].slice(-DELIVERIES_KEPT) : [bodyDigest] }
      await this.ctx.storage.put(LAST_UPDATE_KEY, kept)
    }
    return 'new'
  }

  async #load(): Promise<Entry | null> {
    if (this.#entry === undefined) this.#entry = (await this.ctx.storage.get<Entry>(ENTRY_KEY)) ?? null
    return this.#entry
  }

  async #save(entry: Entry) {
    this.#entry = entry
    await this.ctx.storage.put(ENTRY_KEY, entry)
  }

  /** One Shopify call at a time for this product, shared by everyone who asks meanwhile. */
  #refresh(handle: string, buyerIp?: string | null): Promise<Product | null> {
    if (this.#refreshing) return this.#refreshing
    const { storefront } = readConfig(this.env)
    const refreshing = fetchProduct(storefront, handle, buyerIp)
      .then(async (product) => {
        await this.#save({ storedAt: Date.now(), product })
        return product
      })
      .finally(() => {
        this.#refreshing = null
      })
    this.#refreshing = refreshing
    // Owned by the object, not by the request that happened to start it.
    this.ctx.waitUntil(refreshing.catch(() => {}))
    return refreshing
  }
}
