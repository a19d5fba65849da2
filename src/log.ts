import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from './app-env'

type Level = 'info' | 'warn' | 'error'

/**
 * One JSON line per event, tagged with the request id, for `wrangler tail` and Workers
 * Logs. Errors are logged by name and message; stacks stay in the server log only.
 */
export function log(c: Context<AppEnv>, level: Level, message: string, fields: Record<string, unknown> = {}) {
  const entry: Record<string, unknown> = {
    level,
    message,
    requestId: c.get('requestId'),
    method: c.req.method,
    path: c.req.path,
  }
  for (const [key, value] of Object.entries(fields)) {
    entry[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value
  }
  console[level === 'info' ? 'log' : level](JSON.stringify(entry))
}

/**
 * One line per request, after it is answered: what was asked, what came back, whether the
 * product came from the cache (HIT, MISS, STALE, STALE-IF-ERROR; "HTML" for a cached page)
 * and how long Shopify took.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now()
  await next()
  const htmlHit = c.res.headers.get('Server-Timing') === 'html;desc="HIT"'
  log(c, 'info', 'request', {
    route: c.req.routePath,
    status: c.res.status,
    ms: Date.now() - started,
    cache: htmlHit ? 'HTML' : (c.get('cache') ?? null),
    upstreamMs: c.get('upstreamMs') ?? null,
  })
})
