import { DurableObject } from 'cloudflare:workers'
import { KeptAnswer, type CacheOutcome } from './kept-answer.ts'
import { followEditOnce, type Refreshed } from './product-edit.ts'
import { readConfig, type Bindings } from '../config.ts'
import { logLine } from '../log-line.ts'
import { checkoutHealth } from '../monitoring/health.ts'
import { PRODUCT_PURGE_PATH } from '../render/cache-policy.ts'
import { withinLimit } from '../rate-limit.ts'
import { fetchProduct, type ShopMarkets } from '../storefront/product.ts'
import { fetchCountryOffer, priceIn, type CountryOffer } from '../storefront/country-offer.ts'
import type { Product } from '../../client/model/product.ts'
import { claimDelivery, latestEdit, RefreshSlots, releaseDelivery, type DeliveryClaim } from './webhook-deliveries.ts'

export type { CacheOutcome, DeliveryClaim }

/**
 * The product store: one Durable Object per product handle, worldwide. Only this object asks
 * Shopify for its product, so Shopify sees at most one call per freshness window whatever the
 * traffic and however many data centres render pages (a per-data-centre cache would multiply
 * that by every location and isolate; docs/architecture.md has the figures from
 * bench/scale-model.ts). The product, and its prices in each country with a market of its own
 * (a CountryOffer, Shopify's answer `@inContext(country:)`), are each a KeptAnswer
 * (kept-answer.ts): one rule of fresh, stale and stale-if-error, one call at a time. 'Not
 * found' is kept for its own short time and never stands in; a country's failed call is
 * remembered for OFFER_FAILURE_MEMORY_MS. A webhook's refresh marks every country's prices
 * stale. The object also keeps the webhook's deliveries and refresh slots
 * (webhook-deliveries.ts) and follows an edit Shopify does not show yet (product-edit.ts).
 */

export type ProductRead =
  /** `product` is priced in the country asked for, where it has a market of its own. */
  | { kind: 'known'; product: Product | null; markets: ShopMarkets; outcome: CacheOutcome; upstreamMs?: number }
  /** Nothing is known of this handle, and asking Shopify would pass the client's rate limit. */
  | { kind: 'refused' }

/** Shopify's product answer; `updatedAt`: when Shopify last modified the product (ms). */
type Fetched = { product: Product | null; markets: ShopMarkets; updatedAt: number | null }

/** An edit Shopify did not show when its webhook asked, which the alarm follows (`followEdit`). */
type EditFollow = { handle: string; deliveryId: string | null; until: number }
const EDIT_FOLLOW_KEY = 'edit-follow-v1'

/** Bump when the stored shape changes, so old entries are not read back (v5: kept as `{ storedAt, value }`). */
const PRODUCT_KEY = 'entry-v5'
const OFFER_PREFIX = 'offer-v2:'
export const OFFER_FAILURE_MEMORY_MS = 5_000

export class ProductStore extends DurableObject<Bindings> {
  #product = new KeptAnswer<Fetched>(this.ctx.storage, PRODUCT_KEY, (work) => this.ctx.waitUntil(work))
  #offers = new Map<string, KeptAnswer<CountryOffer | null>>()
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
    const { productCache: lifetimes, storefront } = readConfig(this.env)
    const started = Date.now()
    const read = await this.#product.read({
      ask: () => fetchProduct(storefront, handle, options.buyerIp),
      freshSeconds: (kept) => (kept.value.product ? lifetimes.freshSeconds : lifetimes.notFoundSeconds),
      standsIn: (kept) => kept.value.product !== null,
      lifetimes,
      mayAsk: () => withinLimit(this.env.STOREFRONT_RATE_LIMITER, options.buyerIp),
      // Logged here, under the id of the request that asked, since that answer is already out.
      onBackgroundError: (error) =>
        logLine('warn', 'background product refresh failed', { requestId: options.requestId, handle, error }),
    })
    if (!read) return { kind: 'refused' }
    const { product, markets } = read.value
    const known: ProductRead = {
      kind: 'known',
      product,
      markets,
      outcome: read.outcome,
      ...(read.outcome === 'MISS' && { upstreamMs: Date.now() - started }),
    }
    const country = options.country
    // Only a country with a market of its own is priced apart; elsewhere Shopify charges the store's currency.
    if (!product || !country || country === markets.primaryCountry) return known
    if (!markets.countries.some((entry) => entry.isoCode === country)) return known
    const offer = await this.#offerIn(country).read({
      ask: () => fetchCountryOffer(storefront, handle, country, options.buyerIp),
      freshSeconds: () => lifetimes.freshSeconds,
      lifetimes,
      onBackgroundError: (error) =>
        logLine('warn', 'background offer refresh failed', { requestId: options.requestId, handle, country, error }),
    })
    if (!offer?.value) return { ...known, product: null }
    return {
      ...known,
      product: priceIn(product, offer.value),
      outcome: known.outcome === 'HIT' ? offer.outcome : known.outcome,
    }
  }

  #offerIn(country: string): KeptAnswer<CountryOffer | null> {
    let offer = this.#offers.get(country)
    if (!offer) {
      offer = new KeptAnswer(
        this.ctx.storage,
        OFFER_PREFIX + country,
        (work) => this.ctx.waitUntil(work),
        OFFER_FAILURE_MEMORY_MS,
      )
      this.#offers.set(country, offer)
    }
    return offer
  }

  /**
   * Asks Shopify now (after a products/update webhook). Resolves to whether Shopify's answer
   * shows the latest edit a delivery announced: its `updatedAt` is not older than that
   * delivery's signed `updated_at` (Shopify counts both in whole seconds, and `updatedAt` only
   * moves on). Not shown means Shopify's answer lags the webhook, and the caller asks again
   * later. For deliveries without `updated_at`, whether what is kept changed stands in. No
   * product in the answer is `gone`: Shopify no longer shows it (draft, archived, unpublished),
   * and no later ask will show the edit. A failure keeps the old entry, marked stale so the
   * next page asks again, and standing as stale-if-error should Shopify still fail (RFC 5861).
   */
  async refreshNow(handle: string): Promise<Refreshed> {
    const before = JSON.stringify((await this.#product.load())?.value.product)
    try {
      await this.#product.refresh(() => fetchProduct(readConfig(this.env).storefront, handle))
    } catch (error) {
      await this.#product.expire(this.#staleAt())
      throw error
    }
    await this.#expireOffers()
    const kept = (await this.#product.load())!.value
    if (kept.product === null) return { showsEdit: true, gone: true }
    const edit = await latestEdit(this.ctx.storage)
    if (edit === null) return { showsEdit: JSON.stringify(kept.product) !== before }
    return { showsEdit: (kept.updatedAt ?? -Infinity) >= edit }
  }

  /**
   * Follows an edit that Shopify did not show when its webhook asked (product-edit.ts): the
   * alarm asks Shopify every WEBHOOK_REFETCH_DELAY_MS, and once its answer shows the latest
   * edit announced, purges the pages; after WEBHOOK_FOLLOW_SECONDS it gives up and tells the
   * owner. The latest call wins: one follow covers every edit before it.
   */
  async followEdit(handle: string, deliveryId: string | null): Promise<void> {
    const { refetchDelayMs, followMs } = readConfig(this.env).webhook
    await this.ctx.storage.put(EDIT_FOLLOW_KEY, {
      handle,
      deliveryId,
      until: Date.now() + followMs,
    } satisfies EditFollow)
    await this.ctx.storage.setAlarm(Date.now() + refetchDelayMs)
  }

  override async alarm(): Promise<void> {
    const follow = await this.ctx.storage.get<EditFollow>(EDIT_FOLLOW_KEY)
    if (!follow) return
    const { refetchDelayMs, followMs } = readConfig(this.env).webhook
    const requestId = `edit-follow-${follow.deliveryId ?? follow.until}`
    const fields = { requestId, handle: follow.handle, deliveryId: follow.deliveryId }
    const outcome = await followEditOnce(
      {
        refresh: () => this.refreshNow(follow.handle),
        purge: () => this.#purgePages(follow.handle, { ...fields, step: 'alarm' }),
        log: (level, message, more) => logLine(level, message, { ...fields, ...more }),
        tellOwner: (id, text) => checkoutHealth(this.env).tellOnce(requestId, id, text),
      },
      {
        lastTry: Date.now() >= follow.until,
        edit: `of '${follow.handle}'${follow.deliveryId ? ` (delivery ${follow.deliveryId})` : ''}`,
        followMs,
      },
    )
    if (outcome === 'again') await this.ctx.storage.setAlarm(Date.now() + refetchDelayMs)
    else await this.ctx.storage.delete(EDIT_FOLLOW_KEY)
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

  /**
   * When an answer stored now would have stood, fresh and then stale-while-revalidate: one
   * marked so is asked again by its next read, and served meanwhile only should Shopify fail.
   */
  #staleAt(): number {
    const lifetimes = readConfig(this.env).productCache
    return Date.now() - (lifetimes.freshSeconds + lifetimes.staleWhileRevalidateSeconds) * 1000
  }

  /** After an edit: every country's prices are asked again on their next read, and served meanwhile only should Shopify fail. */
  async #expireOffers() {
    const expired = this.#staleAt()
    const stored = await this.ctx.storage.list({ prefix: OFFER_PREFIX })
    for (const key of stored.keys()) await this.#offerIn(key.slice(OFFER_PREFIX.length)).expire(expired)
  }
}
