import { DurableObject } from 'cloudflare:workers'
import { readConfig, type Bindings } from '../config.ts'
import { logLine } from '../log-line.ts'
import { PRODUCT_PURGE_PATH } from '../render/cache-policy.ts'
import { withinLimit } from '../rate-limit.ts'
import { fetchProduct, type ShopMarkets } from '../storefront/product.ts'
import { fetchCountryOffer, priceIn, type CountryOffer } from '../storefront/country-offer.ts'
import type { Product } from '../../client/model/product.ts'
import { claimDelivery, latestEdit, RefreshSlots, releaseDelivery, type DeliveryClaim } from './webhook-deliveries.ts'

export type { DeliveryClaim }

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
 *
 * Each country with a market of its own has its prices kept here too (a CountryOffer, Shopify's
 * answer `@inContext(country:)`), by the same lifetimes and the same rules, one Shopify call at
 * a time per country; a webhook's refresh marks them all stale. A failed call is remembered
 * for OFFER_FAILURE_MEMORY_MS, so that while Shopify fails each reader does not wait on a
 * call of its own.
 */

export type CacheOutcome = 'HIT' | 'MISS' | 'STALE' | 'STALE-IF-ERROR'

export type ProductRead =
  /** `product` is priced in the country asked for, where it has a market of its own. */
  | { kind: 'known'; product: Product | null; markets: ShopMarkets; outcome: CacheOutcome; upstreamMs?: number }
  /** Nothing is known of this handle, and asking Shopify would pass the client's rate limit. */
  | { kind: 'refused' }

/** `updatedAt`: when Shopify last modified the product (ms). */
type Entry = { storedAt: number; product: Product | null; markets: ShopMarkets; updatedAt: number | null }
type Fetched = Omit<Entry, 'storedAt'>

type KeptOffer = { storedAt: number; offer: CountryOffer | null }

/** An edit Shopify did not show while its webhook's waitUntil lasted, which the alarm follows (`followEdit`). */
type EditFollow = { handle: string; deliveryId: string | null; until: number }
const EDIT_FOLLOW_KEY = 'edit-follow-v1'
/** How long the alarm asks Shopify for an edit before telling the owner it never showed. */
const EDIT_FOLLOW_MS = 10 * 60_000

/** Bump when the stored shape changes, so old entries are not read back (v2: options; v3: where the shop sells; v4: languages). */
const ENTRY_KEY = 'entry-v4'
const offerKey = (country: string) => `offer-v1:${country}`
export const OFFER_FAILURE_MEMORY_MS = 5_000

type Lifetimes = ReturnType<typeof readConfig>['productCache']

/**
 * Where an answer kept since `kept.storedAt` stands in the product's lifetimes: fresh, stale
 * (served at once and refreshed behind it), and servable while Shopify fails. The product and
 * each country's prices keep to the same rules.
 */
function standing(kept: { storedAt: number } | null | undefined, freshSeconds: number, lifetimes: Lifetimes) {
  const age = kept ? (Date.now() - kept.storedAt) / 1000 : Infinity
  return {
    fresh: age < freshSeconds,
    stale: age < freshSeconds + lifetimes.staleWhileRevalidateSeconds,
    servable: age < freshSeconds + Math.max(lifetimes.staleWhileRevalidateSeconds, lifetimes.staleIfErrorSeconds),
  }
}

export class ProductStore extends DurableObject<Bindings> {
  #entry: Entry | null | undefined // undefined until read from storage
  #refreshing: Promise<Fetched> | null = null
  #offers = new Map<string, KeptOffer | null>()
  #offerRefreshing = new Map<string, Promise<KeptOffer>>()
  #offerFailedAt = new Map<string, number>()
  #refreshSlots = new RefreshSlots()

  /** When a webhook's refresh-and-purge may run (webhook-deliveries.ts, RefreshSlots). */
  claimRefreshSlot(now: number): number | null {
    return this.#refreshSlots.claim(now, readConfig(this.env).webhook.refreshIntervalMs)
  }

  /**
   * The product for a page, in one call per request. A handle this object knows nothing
   * about costs a Shopify call, so only that case counts against the client's
   * STOREFRONT_RATE_LIMITER, checked here: known products never count against shoppers. The
   * object's env holds the Worker's bindings, the rate limit among them; its counters are
   * per Cloudflare location (docs: "Rate Limiting"), here the object's, which counts a
   * client's lookups from everywhere in one place.
   */
  async read(
    handle: string,
    options: { buyerIp?: string | null; requestId?: string; country?: string | null },
  ): Promise<ProductRead> {
    const read = await this.#readProduct(handle, options)
    if (read.kind === 'refused' || !read.product || !options.country) return read
    const { primaryCountry, countries } = read.markets
    // Only a country with a market of its own is priced apart; elsewhere Shopify charges the store's currency.
    if (options.country === primaryCountry || !countries.some((country) => country.isoCode === options.country))
      return read
    const offer = await this.#offer(handle, options.country, options)
    if (!offer.offer) return { ...read, product: null }
    const outcome = read.outcome === 'HIT' ? offer.outcome : read.outcome
    return { ...read, product: priceIn(read.product, offer.offer), outcome }
  }

  async #readProduct(handle: string, options: { buyerIp?: string | null; requestId?: string }): Promise<ProductRead> {
    const lifetimes = readConfig(this.env).productCache
    const entry = await this.#load()
    const kept = standing(entry, entry?.product ? lifetimes.freshSeconds : lifetimes.notFoundSeconds, lifetimes)

    if (entry && kept.fresh) return { kind: 'known', product: entry.product, markets: entry.markets, outcome: 'HIT' }
    if (entry?.product && kept.stale) {
      this.#refresh(handle, options.buyerIp).catch((error: Error) =>
        // Logged here, under the id of the request that asked, since that answer is already out.
        logLine('warn', 'background product refresh failed', { requestId: options.requestId, handle, error }),
      )
      return { kind: 'known', product: entry.product, markets: entry.markets, outcome: 'STALE' }
    }
    if (!entry?.product && !(await withinLimit(this.env.STOREFRONT_RATE_LIMITER, options.buyerIp)))
      return { kind: 'refused' }

    const started = Date.now()
    try {
      const { product, markets } = await this.#refresh(handle, options.buyerIp)
      return { kind: 'known', product, markets, outcome: 'MISS', upstreamMs: Date.now() - started }
    } catch (error) {
      if (!entry?.product || !kept.servable) throw error
      return { kind: 'known', product: entry.product, markets: entry.markets, outcome: 'STALE-IF-ERROR' }
    }
  }

  /**
   * Asks Shopify now (after a products/update webhook). Resolves to whether Shopify's answer
   * shows the latest edit a delivery announced: its `updatedAt` is not older than that
   * delivery's signed `updated_at` (Shopify counts both in whole seconds, and `updatedAt` only
   * moves on). Not shown means Shopify's answer lags the webhook, and the caller asks again
   * later. For deliveries without `updated_at`, whether what is kept changed stands in. A
   * failure keeps the old entry, marked stale so the next page asks again.
   */
  async refreshNow(handle: string): Promise<{ showsEdit: boolean }> {
    const before = JSON.stringify((await this.#load())?.product)
    try {
      await this.#refresh(handle)
    } catch (error) {
      if (this.#entry) await this.#save({ ...this.#entry, storedAt: 0 })
      throw error
    }
    await this.#expireOffers()
    const edit = await latestEdit(this.ctx.storage)
    if (edit === null) return { showsEdit: JSON.stringify(this.#entry?.product) !== before }
    return { showsEdit: (this.#entry?.updatedAt ?? -Infinity) >= edit }
  }

  /**
   * Follows an edit that Shopify does not show yet, after its webhook's waitUntil ran out
   * (product-edit.ts): the alarm asks Shopify every WEBHOOK_REFETCH_DELAY_MS, and once its
   * answer shows the latest edit announced, purges the pages. The latest call wins: one
   * follow covers every edit before it.
   */
  async followEdit(handle: string, deliveryId: string | null): Promise<void> {
    await this.ctx.storage.put(EDIT_FOLLOW_KEY, {
      handle,
      deliveryId,
      until: Date.now() + EDIT_FOLLOW_MS,
    } satisfies EditFollow)
    await this.ctx.storage.setAlarm(Date.now() + readConfig(this.env).webhook.refetchDelayMs)
  }

  override async alarm(): Promise<void> {
    const follow = await this.ctx.storage.get<EditFollow>(EDIT_FOLLOW_KEY)
    if (!follow) return
    const fields = { handle: follow.handle, deliveryId: follow.deliveryId, step: 'alarm' }
    let showsEdit = false
    try {
      ;({ showsEdit } = await this.refreshNow(follow.handle))
      logLine('info', 'product refreshed after webhook', { ...fields, showsEdit })
    } catch (error) {
      logLine('warn', 'refresh after webhook failed', { ...fields, error })
    }
    if (showsEdit && (await this.#purgePages(follow.handle, fields))) {
      await this.ctx.storage.delete(EDIT_FOLLOW_KEY)
      return
    }
    if (Date.now() < follow.until) {
      await this.ctx.storage.setAlarm(Date.now() + readConfig(this.env).webhook.refetchDelayMs)
      return
    }
    await this.ctx.storage.delete(EDIT_FOLLOW_KEY)
    logLine(
      'error',
      showsEdit
        ? 'product edit may not have reached the pages: purge failed on every try'
        : `Shopify did not show the edit within ${EDIT_FOLLOW_MS / 60_000} min of its webhook: pages show it once the product cache expires (PRODUCT_CACHE_FRESH_SECONDS)`,
      fields,
    )
  }

  /** Purges the product's pages through the Worker (PRODUCT_PURGE_PATH); whether it went through. */
  async #purgePages(handle: string, fields: Record<string, unknown>): Promise<boolean> {
    const exports = this.ctx.exports as unknown as {
      default: (options: { props: { purgeProduct: string } }) => Fetcher
    }
    try {
      const answer = await exports
        .default({ props: { purgeProduct: handle } })
        .fetch(`https://shop.internal${PRODUCT_PURGE_PATH}`, { method: 'POST' })
      if (answer.ok) return true
      logLine('warn', 'purge failed', { ...fields, status: answer.status })
    } catch (error) {
      logLine('warn', 'purge failed', { ...fields, error })
    }
    return false
  }

  /** Whether to act on a signed `products/update` delivery (webhook-deliveries.ts). */
  claimDelivery(deliveryId: string, updatedAt: number | null, bodyDigest: string): Promise<DeliveryClaim> {
    return claimDelivery(this.ctx.storage, deliveryId, updatedAt, bodyDigest)
  }

  /** Forgets a delivery whose pages were not purged, so Shopify's retry acts (webhook-deliveries.ts). */
  releaseDelivery(deliveryId: string, bodyDigest: string): Promise<void> {
    return releaseDelivery(this.ctx.storage, deliveryId, bodyDigest)
  }

  /** The prices in `country`, kept as the product is: fresh, stale while refreshed, or stale while Shopify fails. */
  async #offer(
    handle: string,
    country: string,
    options: { buyerIp?: string | null; requestId?: string },
  ): Promise<KeptOffer & { outcome: CacheOutcome }> {
    const lifetimes = readConfig(this.env).productCache
    const kept = await this.#loadOffer(country)
    const { fresh, stale, servable } = standing(kept, lifetimes.freshSeconds, lifetimes)
    if (kept && fresh) return { ...kept, outcome: 'HIT' }
    if (kept && stale) {
      this.#refreshOffer(handle, country, options.buyerIp).catch((error: Error) =>
        logLine('warn', 'background offer refresh failed', { requestId: options.requestId, handle, country, error }),
      )
      return { ...kept, outcome: 'STALE' }
    }
    const failedAt = this.#offerFailedAt.get(country)
    if (failedAt !== undefined && Date.now() - failedAt < OFFER_FAILURE_MEMORY_MS) {
      if (kept && servable) return { ...kept, outcome: 'STALE-IF-ERROR' }
      throw new Error(`Shopify failed to price ${handle} in ${country} within the last ${OFFER_FAILURE_MEMORY_MS} ms`)
    }
    try {
      return { ...(await this.#refreshOffer(handle, country, options.buyerIp)), outcome: 'MISS' }
    } catch (error) {
      if (kept && servable) return { ...kept, outcome: 'STALE-IF-ERROR' }
      throw error
    }
  }

  /** One Shopify call at a time per country, shared by everyone who asks meanwhile; a failure is remembered briefly. */
  #refreshOffer(handle: string, country: string, buyerIp?: string | null): Promise<KeptOffer> {
    const running = this.#offerRefreshing.get(country)
    if (running) return running
    const refreshing = fetchCountryOffer(readConfig(this.env).storefront, handle, country, buyerIp)
      .then(async (offer) => {
        const kept = { storedAt: Date.now(), offer }
        this.#offers.set(country, kept)
        this.#offerFailedAt.delete(country)
        await this.ctx.storage.put(offerKey(country), kept)
        return kept
      })
      .catch((error: unknown) => {
        this.#offerFailedAt.set(country, Date.now())
        throw error
      })
      .finally(() => this.#offerRefreshing.delete(country))
    this.#offerRefreshing.set(country, refreshing)
    this.ctx.waitUntil(refreshing.catch(() => {}))
    return refreshing
  }

  async #loadOffer(country: string): Promise<KeptOffer | null> {
    if (!this.#offers.has(country))
      this.#offers.set(country, (await this.ctx.storage.get<KeptOffer>(offerKey(country))) ?? null)
    return this.#offers.get(country)!
  }

  /** After an edit: every country's prices are asked again on their next read, and served meanwhile only should Shopify fail. */
  async #expireOffers() {
    const lifetimes = readConfig(this.env).productCache
    const expired = Date.now() - (lifetimes.freshSeconds + lifetimes.staleWhileRevalidateSeconds) * 1000
    const stored = await this.ctx.storage.list<KeptOffer>({ prefix: 'offer-v1:' })
    for (const [key, kept] of stored) {
      const next = { ...kept, storedAt: Math.min(kept.storedAt, expired) }
      this.#offers.set(key.slice('offer-v1:'.length), next)
      await this.ctx.storage.put(key, next)
    }
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
  #refresh(handle: string, buyerIp?: string | null): Promise<Fetched> {
    if (this.#refreshing) return this.#refreshing
    const { storefront } = readConfig(this.env)
    const refreshing = fetchProduct(storefront, handle, buyerIp)
      .then(async (fetched) => {
        await this.#save({ storedAt: Date.now(), ...fetched })
        return fetched
      })
      .finally(() => {
        this.#refreshing = null
      })
    this.#refreshing = refreshing
    // Owned by the object, not by the request that happened to start it: a stale answer's
    // refresh has no caller left, and the object is kept up for it from compatibility date
    // 2026-10-01 (wrangler.toml).
    this.ctx.waitUntil(refreshing.catch(() => {}))
    return refreshing
  }
}
