/**
 * What a cache may keep of a page, decided once from what rendering it produced: a pure
 * function, in the spirit of Hydrogen's `CacheShort()` and `generateCacheControlHeader`.
 *
 * Pages are kept by Workers Cache, the tiered cache Cloudflare puts in front of the Worker
 * (`cache.enabled` in wrangler.toml; docs: "Workers Cache", "Configuration", "Purging the
 * cache"). A hit at a market's address (`/en-ca/…`) runs no Worker, and the shared address
 * (src/canonical-pages.ts) serves that same kept copy, so a kept page's headers must hold for
 * every shopper it is served to:
 *
 * - Only a page rendered whole with status 200 is shared. A page without its product
 *   (Shopify unavailable, the skeleton streamed past the deadline, an error, a 404) says
 *   `no-store` to every cache, so the next shopper gets a fresh render.
 * - The edge's lifetime goes in `Cloudflare-CDN-Cache-Control` (fresh, then
 *   stale-while-revalidate, then stale-if-error), which Cloudflare obeys and does not pass on
 *   (docs: "CDN-Cache-Control"). Browsers get `no-cache`: they ask again each visit and the
 *   edge answers, so a purge reaches them at once.
 * - `Cache-Tag` names every page ('pages') and what it shows, for a global purge.
 * - A shared page gets nothing per request: render-page.tsx adds the request id, Server-Timing
 *   and a CSP nonce only to a page that is not shared (docs/edge-caching.md has the audit).
 */

export const ALL_PAGES_TAG = 'pages'
export const productTag = (handle: string) => `product:${encodeURIComponent(handle)}`

/**
 * Where the Worker purges a product's pages for the product's Durable Object
 * (product/product-store.ts). A purge is scoped to the entrypoint that calls it (docs:
 * "Purging the cache"), and the pages are the default entrypoint's, so the object asks the
 * Worker through its loopback (`ctx.exports.default`), with the handle in `props`, which no
 * request from outside can carry (routes/product-purge.ts).
 */
export const PRODUCT_PURGE_PATH = '/webhooks/products/purge'

/** What rendering a page produced, as far as caches are concerned. */
export type PageOutcome = {
  status: number
  /** Rendered with everything it shows: no product, or its product found before the deadline. */
  complete: boolean
  /** What a purge names the page by, besides 'pages'. */
  tags: string[]
  /** Written for the shopper's own country at an address every country shares (src/routes/page-routes.tsx). */
  perShopper?: boolean
}

/** How long the edge keeps a page (config.ts, HTML_CACHE_*); null when the config is unreadable. */
export type PageLifetimes = { freshSeconds: number; staleWhileRevalidateSeconds: number; staleIfErrorSeconds: number }

export type CachePolicy = { shared: boolean; headers: Record<string, string> }

const PRIVATE: CachePolicy = { shared: false, headers: { 'Cache-Control': 'no-store' } }

export function pageCachePolicy(outcome: PageOutcome, lifetimes: PageLifetimes | null): CachePolicy {
  if (!outcome.complete || outcome.perShopper || outcome.status !== 200 || !lifetimes || lifetimes.freshSeconds === 0)
    return PRIVATE
  return {
    shared: true,
    headers: {
      'Cache-Control': 'no-cache',
      'Cloudflare-CDN-Cache-Control': `public, max-age=${lifetimes.freshSeconds}, stale-while-revalidate=${lifetimes.staleWhileRevalidateSeconds}, stale-if-error=${lifetimes.staleIfErrorSeconds}`,
      'Cache-Tag': [ALL_PAGES_TAG, ...outcome.tags].join(','),
    },
  }
}
