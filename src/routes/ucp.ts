import { Hono, type Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { readConfig } from '../config.ts'
import { log } from '../log.ts'
import { limitBody } from './post-endpoint.ts'
import { limitPerClient } from './limit-per-client.ts'

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
 * - HEAD answers as GET does (reviewed on #3976: HEAD must work wherever GET does).
 */
export const UCP_PATH = '/.well-known/ucp'

const PASSED_ON = ['Content-Type', 'ETag', 'Last-Modified']
const VALIDATORS = ['If-None-Match', 'If-Modified-Since']
const STALE_IF_ERROR_SECONDS = 300
/** Far above any profile; a bigger answer is not a profile. */
const MAX_BYTES = 256 * 1024

export const ucpProfile = new Hono<AppEnv>()
  // Hono answers HEAD with this GET handler, without the body.
  .get('/', async (c) => {
    const { storefront, ucpProfileCacheSeconds } = readConfig(c.env)
    const asked = new Headers({ Accept: 'application/json' })
    for (const name of VALIDATORS) {
      const value = c.req.header(name)
      if (value) asked.set(name, value)
    }
    let upstream: Response
    try {
      upstream = await fetch(`${storefront.origin}${UCP_PATH}`, {
        headers: asked,
        redirect: 'manual',
        signal: AbortSignal.timeout(storefront.timeoutMs),
      })
    } catch (error) {
      log(c, 'error', 'UCP profile not fetched', { error })
      return failed(c, 502)
    }
    const cacheControl = `public, max-age=${ucpProfileCacheSeconds}, stale-if-error=${STALE_IF_ERROR_SECONDS}`
    if (upstream.status === 304) return new Response(null, { status: 304, headers: passedOn(upstream, cacheControl) })
    if (upstream.status >= 300 && upstream.status < 400) {
      await upstream.body?.cancel()
      log(c, 'error', 'UCP profile redirected by Shopify: not followed', {
        status: upstream.status,
        location: upstream.headers.get('Location'),
      })
      return failed(c, 502)
    }
    if (!upstream.ok) {
      await upstream.body?.cancel()
      log(c, upstream.status === 404 ? 'warn' : 'error', 'UCP profile not served by Shopify', {
        status: upstream.status,
      })
      // A store without a profile has none here either; any other failure is Shopify's.
      return failed(c, upstream.status === 404 ? 404 : 502)
    }
    const type = upstream.headers.get('Content-Type') ?? ''
    if (!/^application\/json\s*(;|$)/i.test(type)) {
      await upstream.body?.cancel()
      log(c, 'error', 'UCP profile is not JSON', { contentType: type })
      return failed(c, 502)
    }
    const body = await readAtMost(upstream, MAX_BYTES)
    if (!body) {
      log(c, 'error', 'UCP profile too large', {
        maxBytes: MAX_BYTES,
        contentLength: upstream.headers.get('Content-Length'),
      })
      return failed(c, 502)
    }
    return new Response(body, { status: 200, headers: passedOn(upstream, cacheControl) })
  })
  .all('/', (c) => {
    c.header('Allow', 'GET, HEAD')
    return c.json({ error: `${c.req.method} is not allowed here; use GET or HEAD` }, 405)
  })

/**
 * The body, read while it streams and given up (cancelled) the moment it passes `maxBytes`,
 * so an endless or huge answer costs at most that much memory; null when it is too large,
 * by its Content-Length before reading or by its bytes while reading.
 */
async function readAtMost(answer: Response, maxBytes: number): Promise<Blob | null> {
  if (Number(answer.headers.get('Content-Length') ?? 0) > maxBytes) {
    await answer.body?.cancel()
    return null
  }
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let size = 0
  const reader = answer.body?.getReader()
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    size += read.value.byteLength
    if (size > maxBytes) {
      await reader!.cancel()
      return null
    }
    chunks.push(read.value as Uint8Array<ArrayBuffer>)
  }
  return new Blob(chunks)
}

function passedOn(upstream: Response, cacheControl: string): Headers {
  const headers = new Headers({ 'Cache-Control': cacheControl })
  for (const name of PASSED_ON) {
    const value = upstream.headers.get(name)
    if (value) headers.set(name, value)
  }
  return headers
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

export const UCP_MCP_PATH = '/api/ucp/mcp'

/** The request headers an agent's UCP call over MCP needs at Shopify: the body's type, and UCP's own. */
const MCP_PASSED = [
  'Content-Type',
  'Accept',
  'MCP-Protocol-Version',
  'UCP-Agent',
  'Request-Id',
  'Idempotency-Key',
  'Request-Signature',
  'Signature',
  'Signature-Input',
  'Content-Digest',
]
/** Far above a JSON-RPC call for one cart: a bigger body is refused before Shopify is asked. */
const MCP_MAX_BODY_BYTES = 64 * 1024

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
      const headers = new Headers()
      for (const name of MCP_PASSED) {
        const value = c.req.header(name)
        if (value) headers.set(name, value)
      }
      let upstream: Response
      try {
        upstream = await fetch(`${storefront.origin}${UCP_MCP_PATH}`, {
          method: 'POST',
          headers,
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
      const answer = new Headers({ 'Cache-Control': 'private, no-store' })
      const type = upstream.headers.get('Content-Type')
      if (type) answer.set('Content-Type', type)
      return new Response(upstream.body, { status: upstream.status, headers: answer })
    },
  )
  .all('/', (c) => {
    c.header('Allow', 'POST')
    c.header('Cache-Control', 'private, no-store')
    return c.json({ error: `${c.req.method} is not allowed here; use POST` }, 405)
  })
