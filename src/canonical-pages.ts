import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from './app-env.ts'
import { KEY_HEADERS } from './cache-key-headers.ts'
import { PAGES } from '../client/pages/pages.ts'
import { marketOfPath, marketPath, shopperCountry, UNKNOWN_COUNTRY } from './market.ts'

/**
 * One kept copy of each page per market and none per spelling, served through the Worker's
 * loopback to itself (`ctx.exports.default`), which goes through Workers Cache like any
 * request ("Cache keys", 'Custom cache keys': a `ctx.exports` call routes through the cache of
 * the entrypoint it calls). Workers Cache keys by path and query string alone, never by the
 * shopper's country ("Cache keys": 'Requests that differ only in request headers that are not
 * part of the cache key … return the same cached response'), so:
 *
 * - A page at its unprefixed address (`/`, `/product/toddler-blanket`) is answered with the
 *   kept page of the shopper's market: `/en-ca/product/toddler-blanket` for a shopper
 *   Cloudflare places in Canada (`request.cf.country`), `/en-zz/…` (Shopify's unknown region,
 *   the primary market's page) where it cannot tell. The same prefixed address is the
 *   market's public one, which a traveller can open and search engines index (`hreflang`).
 * - A page asked for under a query string (`?utm_source=…`), another spelling of its path
 *   (`/product/toddler%2Dblanket`) or a header the cache keys by (KEY_HEADERS) is answered
 *   with its canonical address's page: an outsider cannot make every request a miss.
 *
 * The answer is not kept under the address it was asked by (`Cloudflare-CDN-Cache-Control:
 * no-store`): an unprefixed address is every country's, and odd spellings would fill the
 * cache. A kept page then costs one light invocation and a cache hit, never a render. The
 * query stays in the shopper's address bar, for whatever reads `utm_*` there. Paths that are
 * neither pages of the table nor KEPT_ELSEWHERE (`/cart/status`, `/market`, the 404 page) are
 * left alone.
 */
export const canonicalPages: MiddlewareHandler<AppEnv> = async (c, next) => {
  const self = (c.executionCtx as ExecutionContext & { exports?: { default?: Fetcher } }).exports?.default
  if (!self || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next()
  const url = new URL(c.req.url)
  const spelled = canonicalPath(url.pathname)
  const pagePath = isPagePath(spelled)
  if (!pagePath && !KEPT_ELSEWHERE.includes(url.pathname)) return next()
  const marketed = marketOfPath(spelled)
  const path = !pagePath
    ? spelled
    : marketed
      ? marketPath(marketed.country, marketed.rest)
      : marketPath(shopperCountry(c.req.raw) ?? UNKNOWN_COUNTRY, spelled)
  const asked = new Headers(c.req.raw.headers)
  const keyed = KEY_HEADERS.filter((name) => asked.has(name))
  // (A bare `?` is a spelling of its own to the cache, though URL.search reads it as empty.)
  if (!c.req.url.includes('?') && path === url.pathname && keyed.length === 0) return next()
  for (const name of keyed) asked.delete(name)
  // The path is set on the asked URL, never resolved against it: no spelling can name another host.
  const target = new URL(url)
  target.pathname = path
  target.search = ''
  const answer = await self.fetch(new Request(target, { method: c.req.method, headers: asked, redirect: 'manual' }))
  const headers = new Headers(answer.headers)
  headers.set('Cloudflare-CDN-Cache-Control', 'no-store')
  // A redirect within the market's pages (`/en-zz/product/Toddler-Blanket` to its lowercase
  // handle) stays at the address the shopper used: unprefixed for an unprefixed request.
  const location = answer.headers.get('Location')
  const prefix = marketOfPath(path)?.prefix
  if (location && prefix && !marketed && location.startsWith(`${prefix}/`))
    headers.set('Location', location.slice(prefix.length))
  return new Response(answer.body, { status: answer.status, headers })
}

/**
 * The addresses besides the pages that a cache keeps, and whose query no route reads. Every
 * other address reads its query (`/cart/status?id=`, a permalink's `?discount=`, a discount
 * link's `?redirect=`) or is never kept, and is left alone.
 */
const KEPT_ELSEWHERE = ['/sitemap.xml', '/robots.txt', '/.well-known/ucp', '/speculation-rules.json']

/** The table's routes as patterns (`/product/:handle` matches `/product/anything`), made once. */
const PAGE_PATTERNS = Object.values(PAGES).flatMap((page) =>
  page.path === null ? [] : [new RegExp(`^${page.path.replace(/:[a-z]+/g, '[^/]+')}$`)],
)

/** Whether an address is one of the table's pages, in a market or not. */
export function isPagePath(path: string): boolean {
  const rest = marketOfPath(path)?.rest ?? path
  return PAGE_PATTERNS.some((pattern) => pattern.test(rest))
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
