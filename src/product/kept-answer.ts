import type { readConfig } from '../config.ts'

/** How long Shopify's answers are kept (PRODUCT_CACHE_* settings). */
export type Lifetimes = ReturnType<typeof readConfig>['productCache']
export type CacheOutcome = 'HIT' | 'MISS' | 'STALE' | 'STALE-IF-ERROR'
/** An answer of Shopify's as kept, with when. */
export type Kept<T> = { storedAt: number; value: T }

/**
 * One answer of Shopify's kept in a Durable Object's storage (the product, or its prices in one
 * country), by one rule (docs/edge-caching.md):
 *
 *   age < fresh                       HIT             served as kept
 *   age < fresh + swr                 STALE           served at once, refreshed behind it
 *   older, within stale-if-error      MISS            refetched; served stale only if Shopify fails
 *
 * One Shopify call at a time, shared by everyone who asks meanwhile and owned by the object, not
 * by the request that started it (`keepUp`: the object's waitUntil). A failed call is
 * remembered for `failureMemoryMs`, so that while Shopify fails each reader does not wait on a
 * call of its own.
 */
export class KeptAnswer<T> {
  #kept: Kept<T> | null | undefined // undefined until read from storage
  #refreshing: Promise<Kept<T>> | null = null
  #failedAt: number | null = null

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly key: string,
    private readonly keepUp: (work: Promise<unknown>) => void,
    private readonly failureMemoryMs = 0,
  ) {}

  async load(): Promise<Kept<T> | null> {
    if (this.#kept === undefined) this.#kept = (await this.storage.get<Kept<T>>(this.key)) ?? null
    return this.#kept
  }

  async save(kept: Kept<T>): Promise<void> {
    this.#kept = kept
    await this.storage.put(this.key, kept)
  }

  /** Marks what is kept as older than `storedAt` at most: served again only while stale or should Shopify fail. */
  async expire(storedAt: number): Promise<void> {
    const kept = await this.load()
    if (kept && kept.storedAt > storedAt) await this.save({ ...kept, storedAt })
  }

  /** Asks Shopify by `ask`, or joins the call already out; what it answers is kept. */
  refresh(ask: () => Promise<T>): Promise<Kept<T>> {
    if (this.#refreshing) return this.#refreshing
    const refreshing = ask()
      .then(async (value) => {
        const kept = { storedAt: Date.now(), value }
        this.#failedAt = null
        await this.save(kept)
        return kept
      })
      .catch((error: unknown) => {
        this.#failedAt = Date.now()
        throw error
      })
      .finally(() => {
        this.#refreshing = null
      })
    this.#refreshing = refreshing
    this.keepUp(refreshing.catch(() => {}))
    return refreshing
  }

  /**
   * The answer by the rule above, `freshSeconds` being its own freshness (a 'not found' is kept
   * for less) and `standsIn` whether it may be served stale or while Shopify fails (a 'not
   * found' may not). `mayAsk` is asked before a call that nothing kept could stand in for;
   * false refuses it (resolves to null). A background refresh's failure goes to `onBackgroundError`.
   */
  async read({
    ask,
    freshSeconds,
    standsIn = () => true,
    lifetimes,
    mayAsk = async () => true,
    onBackgroundError,
  }: {
    ask: () => Promise<T>
    freshSeconds: (kept: Kept<T>) => number
    standsIn?: (kept: Kept<T>) => boolean
    lifetimes: Lifetimes
    mayAsk?: () => Promise<boolean>
    onBackgroundError: (error: unknown) => void
  }): Promise<(Kept<T> & { outcome: CacheOutcome }) | null> {
    const kept = await this.load()
    const age = kept ? (Date.now() - kept.storedAt) / 1000 : Infinity
    const fresh = kept ? freshSeconds(kept) : 0
    const standing = kept && standsIn(kept) ? kept : null
    const servable =
      standing && age < fresh + Math.max(lifetimes.staleWhileRevalidateSeconds, lifetimes.staleIfErrorSeconds)
    if (kept && age < fresh) return { ...kept, outcome: 'HIT' }
    if (standing && age < fresh + lifetimes.staleWhileRevalidateSeconds) {
      this.refresh(ask).catch(onBackgroundError)
      return { ...standing, outcome: 'STALE' }
    }
    if (this.#failedAt !== null && Date.now() - this.#failedAt < this.failureMemoryMs) {
      if (servable) return { ...standing, outcome: 'STALE-IF-ERROR' }
      throw new Error(`Shopify failed to answer ${this.key} within the last ${this.failureMemoryMs} ms`)
    }
    if (!standing && !(await mayAsk())) return null
    try {
      return { ...(await this.refresh(ask)), outcome: 'MISS' }
    } catch (error) {
      if (servable) return { ...standing, outcome: 'STALE-IF-ERROR' }
      throw error
    }
  }
}
