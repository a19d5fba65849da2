import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { readConfig } from '../config.ts'
import { log } from '../log.ts'
import { limitBody } from './post-endpoint.ts'
import { UCP_VERSION } from './ucp-profile-schema.ts'
import { limitPerClient } from './limit-per-client.ts'
import {
  MCP_MAX_BODY_BYTES,
  mcpAnswer,
  mcpRequestHeaders,
  profileAnswer,
  profileRequestHeaders,
  UCP_MCP_PATH,
  UCP_PATH,
} from './ucp-proxy.ts'

/**
 * GET and HEAD /.well-known/ucp: the store's Universal Commerce Protocol business profile,
 * which Shopify hosts on the store's Shopify domain only, answered from the shop's own, so an
 * agent that starts from the shop's address finds the store's cart, checkout and buy-link
 * services. Discovery starts at `/.well-known/ucp` on the business's origin, and platforms
 * cache the profile by its cache-control (Universal-Commerce-Protocol/ucp,
 * docs/specification/overview: 'Profile Structure', 'Negotiation Protocol').
 *
 * The rules are the specification's 'Profile Requirements' and those of
 * Shopify/hydrogen#3976 ('Add UCP business profile proxy'), which vercel/shop#575 follows too:
 * - profile endpoints 'MUST NOT use redirects' and fetchers 'MUST NOT follow redirects': a 3xx
 *   from Shopify is a 502, never followed, and so is an answer that is not `application/json`;
 * - asked with `Accept: application/json` and the client's validators (`If-None-Match`,
 *   `If-Modified-Since`), and nothing else of the client's: no cookies, no authorization, no
 *   query string; Shopify's 304 comes back as a 304;
 * - only the content type and the validators (ETag, Last-Modified) are passed on: never
 *   Shopify's Set-Cookie or its internal headers;
 * - a profile is kept for 60 s (`public, max-age=60`; UCP_PROFILE_CACHE_SECONDS) and, while
 *   Shopify errs, served stale for at most 300 s (`stale-if-error`), as Hydrogen moved to 'to
 *   limit stale signing keys': the profile carries the store's keys. Workers Cache honours both
 *   in front of the Worker (docs: 'Workers Cache'); `s-maxage` is left out, since Workers
 *   Cache reads it as turning stale-while-revalidate off;
 * - every error, a store without a profile's 404 among them, is `no-store`;
 * - HEAD answers as GET does (reviewed on #3976: HEAD must work wherever GET does);
 * - what is passed on is a business profile by the specification's required members, with no
 *   private key (ucp-profile-schema.ts): Shopify's answer is republished under the shop's name.
 */
export const ucpProfile = new Hono<AppEnv>()
  // Hono answers HEAD with these GET handlers, without the body.
  .get('/', (c) => proxyProfile(c, null))
  // An older protocol version's profile, which the current one names in `supported_versions`
  // ('Protocol Version'). Shopify names it by its own domain; asked here, at the same path on
  // the shop's host (an agent that resolves it against the address it started from), it is
  // Shopify's, held to the same rules and to being that version's leaf profile. Any other
  // path under it is no profile: 404.
  .get('/:version', (c) => {
    const version = c.req.param('version')
    if (!UCP_VERSION.test(version)) return failed(c, 404)
    return proxyProfile(c, version)
  })
  .get('*', (c) => failed(c, 404))
  .all('*', (c) => {
    c.header('Allow', 'GET, HEAD')
    return c.json({ error: `${c.req.method} is not allowed here; use GET or HEAD` }, 405)
  })

async function proxyProfile(c: Context<AppEnv>, version: string | null) {
  const { storefront, ucpProfileCacheSeconds } = readConfig(c.env)
  let upstream: Response
  try {
    upstream = await fetch(`${storefront.origin}${UCP_PATH}${version ? `/${version}` : ''}`, {
      headers: profileRequestHeaders(c.req.raw.headers),
      redirect: 'manual',
      signal: AbortSignal.timeout(storefront.timeoutMs),
    })
  } catch (error) {
    log(c, 'error', 'UCP profile not fetched', { error })
    return failed(c, 502)
  }
  const answer = await profileAnswer(upstream, ucpProfileCacheSeconds, version)
  if (answer instanceof Response) return answer
  log(c, answer.level, answer.message, answer.fields)
  return failed(c, answer.status)
}

function failed(c: Context<AppEnv>, status: 404 | 502) {
  c.header('Cache-Control', 'no-store')
  return c.json(
    {
      error:
        status === 404
          ? 'This store publishes no UCP profile'
          : 'The store’s UCP profile could not be fetched from Shopify',
    },
    status,
  )
}

/**
 * POST /api/ucp/mcp: the store's UCP endpoint over MCP, which its profile names, passed to
 * the store's Shopify domain as Hydrogen does (Shopify/hydrogen#3972): POST only; the body,
 * its `Content-Type` and UCP's headers go on, never the shopper's cookies nor any
 * `Authorization` (the agent's profile travels in the body, `meta.ucp-agent`); the answer is
 * the caller's alone (`private, no-store`); a body over 64 KiB is refused, and each client is
 * held to the Storefront rate limit, since every call costs one at Shopify.
 */
export const ucpMcp = new Hono<AppEnv>()
  .post(
    '/',
    limitPerClient('STOREFRONT_RATE_LIMITER', 'Too many requests; please try again in a minute'),
    limitBody(MCP_MAX_BODY_BYTES),
    async (c) => {
      const { storefront } = readConfig(c.env)
      let upstream: Response
      try {
        upstream = await fetch(`${storefront.origin}${UCP_MCP_PATH}`, {
          method: 'POST',
          headers: mcpRequestHeaders(c.req.raw.headers),
          body: await c.req.arrayBuffer(),
          redirect: 'manual',
          signal: AbortSignal.timeout(storefront.timeoutMs),
        })
      } catch (error) {
        log(c, 'error', 'UCP MCP call not passed to Shopify', { error })
        c.header('Cache-Control', 'private, no-store')
        return c.json(
          { jsonrpc: '2.0', error: { code: -32603, message: 'The store could not be reached' }, id: null },
          502,
        )
      }
      return mcpAnswer(upstream)
    },
  )
  .all('/', (c) => {
    c.header('Allow', 'POST')
    c.header('Cache-Control', 'private, no-store')
    return c.json({ error: `${c.req.method} is not allowed here; use POST` }, 405)
  })
