import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './app-env'
import { KEY_HEADERS } from './cache-key-headers'
import { MARKET_PATH } from '../client/model/market'

/**
 * A page asked for under a query string (`?utm_source=…`, `?fbclid=…`), under another
 * spelling of its path (`/product/toddler%2Dblanket`) or with a header the cache keys by
 * (`X-HTTP-Method-Override: …`, KEY_HEADERS) is the same page. Workers Cache keys
 * each spelling apart (docs: "Cache keys": path and query string), so an outsider could make
 * every request a miss: a render and a read of the product's Durable Object. Such a request
 * is answered instead with the canonical URL's page, asked for through a `ctx.exports`
 * loopback, which goes through the Worker's cache ("Cache keys", "Custom cache keys"): a kept
 * page then costs a cache hit, not a render. The answer is not kept under the odd spelling
 * (`Cloudflare-CDN-Cache-Control: no-store`), so such spellings cannot fill the cache either.
 * The query stays in the shopper's address bar, for whatever reads `utm_*` there.
 *
 * `/cart/status` and `/market` read their query, so they are left alone (neither is kept by
 * Workers Cache); POSTs are never cached.
 */
export const canonicalPages: MiddlewareHandler<AppEnv> = async (c, next) => {
  const self = (c.executionCtx as ExecutionContext & { exports?: { default?: Fetcher } }).exports?.default
  if (!self || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next()
  const url = new URL(c.req.url)
  if (url.pathname.startsWith('/cart/') || url.pathname === MARKET_PATH) return next()
  const path = canonicalPath(url.pathname)
  const asked = new Headers(c.req.raw.headers)
  const keyed = KEY_HEADERS.filter((name) => asked.has(name))
  // (A bare `?` is a spelling of its own to the cache, though URL.search reads it as empty.)
  if (!c.req.url.includes('?') && path === url.pathname && keyed.length === 0) return next()
  for (const name of keyed) asked.delete(name)
  const answer = await self.fetch(new Request(new URL(path, url), { method: c.req.method, headers: asked }))
  const headers = new Headers(answer.headers)
  headers.set('Cloudflare-CDN-Cache-Control', 'no-store')
  return new Response(answer.body, { status: answer.status, headers })
}

/** Each segment of `pathname` decoded, then encoded the one way `encodeURIComponent` does. */
export function canonicalPath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return encodeURIComponent(decodeURIComponent(segment))
      } catch {
        return segment // not valid percent-encoding: left for the routes to refuse
      }
    })
    .join('/')
}
