import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env'
import { readConfig } from '../config'
import { log } from '../log'

/**
 * GET and HEAD /.well-known/ucp: the store's Universal Commerce Protocol business profile,
 * which Shopify hosts on the store's Shopify domain only, answered from the shop's own, so an
 * agent that starts from the shop's address finds the store's cart, checkout and buy-link
 * services. Discovery starts at `/.well-known/ucp` on the business's origin, and platforms
 * cache the profile by its cache-control (Universal-Commerce-Protocol/ucp,
 * docs/specification/overview: 'Profile Structure', 'Negotiation Protocol').
 *
 * The rules are those of Shopify/hydrogen#3976 ('Add UCP business profile proxy'), which
 * vercel/shop#575 follows too:
 * - asked with `Accept: application/json` and nothing of the shopper's: no cookies, no
 *   authorization, no query string, no other header;
 * - only the content type and the validators (ETag, Last-Modified) are passed on: never
 *   Shopify's Set-Cookie or its internal headers;
 * - a profile is kept for 60 s (`public, max-age=60`; UCP_PROFILE_CACHE_SECONDS) and, while
 *   Shopify errs, served stale for a day (`stale-if-error`), which Workers Cache honours in
 *   front of the Worker (docs: 'Workers Cache'); `s-maxage` is left out, since Workers Cache
 *   reads it as turning stale-while-revalidate off;
 * - every error is `no-store`, so no cache keeps one;
 * - HEAD answers as GET does (reviewed on #3976: HEAD must work wherever GET does).
 */
export const UCP_PATH = '/.well-known/ucp'

const PASSED_ON = ['Content-Type', 'ETag', 'Last-Modified']
const STALE_IF_ERROR_SECONDS = 86_400
/** Far above any profile; a bigger answer is not a profile. */
const MAX_BYTES = 256 * 1024

export const ucpProfile = new Hono<AppEnv>()
  // Hono answers HEAD with this GET handler, without the body.
  .get('/', async (c) => {
    const { storefront, ucpProfileCacheSeconds } = readConfig(c.env)
    let upstream: Response
    try {
      upstream = await fetch(`${storefront.origin}${UCP_PATH}`, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(storefront.timeoutMs) })
    } catch (error) {
      log(c, 'error', 'UCP profile not fetched', { error })
      return failed(c, 502)
    }
    if (!upstream.ok) {
      await upstream.body?.cancel()
      log(c, upstream.status === 404 ? 'warn' : 'error', 'UCP profile not served by Shopify', { status: upstream.status })
      // A store without a profile has none here either; any other failure is Shopify's.
      return failed(c, upstream.status === 404 ? 404 : 502)
    }
    const body = await upstream.arrayBuffer()
    if (body.byteLength > MAX_BYTES) {
      log(c, 'error', 'UCP profile too large', { bytes: body.byteLength })
      return failed(c, 502)
    }
    const headers = new Headers({ 'Cache-Control': `public, max-age=${ucpProfileCacheSeconds}, stale-if-error=${STALE_IF_ERROR_SECONDS}` })
    for (const name of PASSED_ON) {
      const value = upstream.headers.get(name)
      if (value) headers.set(name, value)
    }
    return new Response(body, { status: 200, headers })
  })
  .all('/', (c) => {
    c.header('Allow', 'GET, HEAD')
    return c.json({ error: `${c.req.method} is not allowed here; use GET or HEAD` }, 405)
  })

function failed(c: Context<AppEnv>, status: 404 | 502) {
  c.header('Cache-Control', 'no-store')
  return c.json({ error: status === 404 ? 'This store publishes no UCP profile' : 'The store’s UCP profile could not be fetched from Shopify' }, status)
}
