// The product store's webhook bookkeeping (product-store.ts holds the freshness): which
// signed products/update deliveries to act on, and when a refresh-and-purge may run.

const DELIVERIES_KEY = 'webhook-deliveries'
/** Bump when the stored shape changes (v2: the digests of the bodies acted on). */
const LAST_UPDATE_KEY = 'webhook-last-update-v2'
/** The latest signed `updated_at` acted on, and the digests of the bodies acted on at that second. */
type LastUpdate = { at: number; bodies: string[] }
/**
 * Shopify retries a failed delivery 8 times over 4 hours (docs/edge-caching.md); far fewer than this arrive per product.
 * Ids are at most 64 characters (routes/webhooks.ts), so the list stays under 14 KB, far
 * below a Durable Object's per-value limit.
 */
const DELIVERIES_KEPT = 200

/** Whether a signed `products/update` delivery is one to act on. */
export type DeliveryClaim = 'new' | 'seen' | 'not newer'

/**
 * Whether to act on a delivery: 'seen' for an id seen before (Shopify may deliver one
 * twice), 'not newer' for a body whose signed `updated_at` is earlier than the last one
 * acted on, or the same second with a body already acted on (`bodyDigest`; the id is not
 * signed, so a replayed body under a new id is caught here).
 */
export async function claimDelivery(
  storage: DurableObjectStorage,
  deliveryId: string,
  updatedAt: number | null,
  bodyDigest: string,
): Promise<DeliveryClaim> {
  const seen = (await storage.get<string[]>(DELIVERIES_KEY)) ?? []
  if (seen.includes(deliveryId)) return 'seen'
  const { at, bodies } = (await storage.get<LastUpdate>(LAST_UPDATE_KEY)) ?? { at: null, bodies: [] }
  // Shopify's updated_at counts whole seconds: two real edits within one share it, and
  // only a body already acted on at that second is a replay.
  if (updatedAt !== null && at !== null && (updatedAt < at || (updatedAt === at && bodies.includes(bodyDigest))))
    return 'not newer'
  await storage.put(DELIVERIES_KEY, [...seen, deliveryId].slice(-DELIVERIES_KEPT))
  if (updatedAt !== null) {
    const kept: LastUpdate = {
      at: updatedAt,
      bodies: updatedAt === at ? [...bodies, bodyDigest].slice(-DELIVERIES_KEPT) : [bodyDigest],
    }
    await storage.put(LAST_UPDATE_KEY, kept)
  }
  return 'new'
}

/** The latest signed `updated_at` acted on (ms), or null when no delivery carried one. */
export async function latestEdit(storage: DurableObjectStorage): Promise<number | null> {
  return (await storage.get<LastUpdate>(LAST_UPDATE_KEY))?.at ?? null
}

/**
 * Forgets a claimed delivery whose pages could not be purged, so that Shopify's retry of it
 * (same id, same body) is acted on rather than called a duplicate. Its `updated_at` stays:
 * the retry's body is the same, and it is told apart by its digest, which is gone.
 */
export async function releaseDelivery(
  storage: DurableObjectStorage,
  deliveryId: string,
  bodyDigest: string,
): Promise<void> {
  const seen = (await storage.get<string[]>(DELIVERIES_KEY)) ?? []
  await storage.put(
    DELIVERIES_KEY,
    seen.filter((id) => id !== deliveryId),
  )
  const last = await storage.get<LastUpdate>(LAST_UPDATE_KEY)
  if (last)
    await storage.put(LAST_UPDATE_KEY, { ...last, bodies: last.bodies.filter((digest) => digest !== bodyDigest) })
}

/**
 * When webhook refreshes may start, in the object's memory: an object evicted between
 * deliveries forgets it, which costs at most one refresh sooner than the interval.
 */
export class RefreshSlots {
  #nextAt = 0

  /**
   * When a webhook's refresh-and-purge may run: 0 (now), the ms to wait for the next slot,
   * or null when a refresh already waiting for that slot will take this delivery's change
   * along. At most one every `intervalMs` (WEBHOOK_REFRESH_INTERVAL_MS, config.ts).
   */
  claim(now: number, intervalMs: number): number | null {
    if (this.#nextAt - intervalMs > now) return null // a refresh is waiting for its slot
    const start = Math.max(now, this.#nextAt)
    this.#nextAt = start + intervalMs
    return start - now
  }
}
