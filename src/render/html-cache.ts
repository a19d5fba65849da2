import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env'
import { readConfig } from '../config'
import { clientAssets } from './assets'

/**
 * Finished pages kept in the edge cache for HTML_CACHE_SECONDS, so a warm page costs a
 * cache read instead of a React render. Only documents rendered complete with status 200
 * are stored (never a streamed skeleton, an error or a 404), keyed by the client build so
 * a deploy never serves HTML that points at old assets. The cart lives in the browser, and
 * the HTML carries no per-request value, so one copy serves every shopper.
 */
export const htmlCache = createMiddleware<AppEnv>(async (c, next) => {
  const seconds = readConfig(c.env).htmlCacheSeconds
  if (seconds === 0 || c.req.method !== 'GET') return next()

  const key = htmlCacheKey(c.req.url)
  const hit = await edgeCache().match(key)
  if (hit) {
    const response = new Response(hit.body, hit)
    response.headers.set('Server-Timing', 'html;desc="HIT"')
    response.headers.delete('Age')
    response.headers.set('X-Request-Id', c.get('requestId'))
    return response
  }

  await next()
  if (!c.get('htmlComplete') || c.res.status !== 200 || !c.res.body) return
  const [forShopper, forCache] = c.res.body.tee()
  const stored = new Response(forCache, c.res)
  stored.headers.set('Cache-Control', `public, max-age=${seconds}`)
  stored.headers.delete('X-Request-Id')
  stored.headers.delete('Server-Timing')
  c.executionCtx.waitUntil(edgeCache().put(key, stored))
  c.res = new Response(forShopper, c.res)
})

export function htmlCacheKey(url: string): string {
  const { host, pathname } = new URL(url)
  return `https://html-cache.internal/${encodeURIComponent(clientAssets.script)}/${host}${pathname}`
}

// The DOM and Workers typings both declare CacheStorage; only Workers has `default`.
export const edgeCache = () => (caches as unknown as { default: Cache }).default
