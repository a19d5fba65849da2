import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env'
import { readConfig } from '../config'
import { log } from '../log'

/**
 * Pages are cached by Workers Cache, the tiered cache Cloudflare puts in front of the Worker
 * (`cache.enabled` in wrangler.toml; docs: "Workers Cache", "Configuration", "Purging the
 * cache"). On a hit the Worker does not run, so a page's headers are decided here once and
 * must hold for every shopper it is served to:
 *
 * - Only a page rendered whole with status 200 is shareable. A page without its product
 *   (Shopify unavailable, the skeleton streamed past the deadline, an error, a 404) says
 *   `no-store` to every cache, so the next shopper gets a fresh render.
 * - The edge's lifetime goes in `Cloudflare-CDN-Cache-Control` (fresh, then
 *   stale-while-revalidate, then stale-if-error), which Cloudflare obeys and does not pass on
 *   (docs: "CDN-Cache-Control"). Browsers get `no-cache`: they ask again each visit and the
 *   edge answers, so a purge reaches them at once.
 * - `Cache-Tag` names every page ('pages') and the product it shows, for a global purge.
 * - Nothing per request is kept: no X-Request-Id, no Server-Timing of this render, and a CSP
 *   without this response's nonce (a whole page streams no inline swap scripts; its starter
 *   script is allowed by hash).
 */

export const ALL_PAGES_TAG = 'pages'
export const productTag = (handle: string) => `product:${encodeURIComponent(handle)}`

/** Decides what caches may keep of a page; runs outermost so its word is last. */
export const pageCacheHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next()
  const tags = c.get('cacheTags')
  if (!tags) return
  const headers = c.res.headers
  if (!c.get('htmlComplete') || c.res.status !== 200) {
    headers.set('Cache-Control', 'no-store')
    return
  }
  const lifetimes = readConfig(c.env).pageCache
  if (lifetimes.freshSeconds === 0) {
    headers.set('Cache-Control', 'no-store')
    return
  }
  headers.set('Cache-Control', 'no-cache')
  headers.set(
    'Cloudflare-CDN-Cache-Control',
    `public, max-age=${lifetimes.freshSeconds}, stale-while-revalidate=${lifetimes.staleWhileRevalidateSeconds}, stale-if-error=${lifetimes.staleIfErrorSeconds}`,
  )
  headers.set('Cache-Tag', [ALL_PAGES_TAG, ...tags].join(','))
  headers.delete('X-Request-Id')
  headers.delete('Server-Timing')
  const policy = headers.get('Content-Security-Policy')
  if (policy) headers.set('Content-Security-Policy', policy.replace(/ ?'nonce-[^']*'/g, ''))
})

/** The slice of `ctx.cache` (Workers Cache) the shop uses. */
export type WorkersCacheControl = {
  purge(options: { tags: string[] }): Promise<unknown>
}

/**
 * Purges pages worldwide by tag. `ctx.cache` exists where Workers Cache is enabled (and in
 * the local stand-in, src/local/workers-cache.ts); elsewhere there is nothing to purge.
 */
export async function purgePages(c: Context<AppEnv>, tags: string[]): Promise<boolean> {
  const cache = (c.executionCtx as ExecutionContext & { cache?: WorkersCacheControl }).cache
  if (!cache) {
    log(c, 'warn', 'Workers Cache is not enabled: no pages to purge', { tags })
    return false
  }
  await cache.purge({ tags })
  return true
}
