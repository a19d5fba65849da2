import type { Context } from 'hono'
import { createMiddleware } from 'hono/factory'
import type { AppEnv } from './app-env.ts'
import { configOrNull } from './config.ts'
import { logLine, type Level } from './log-line.ts'

/**
 * One JSON line per event, tagged with the request id, for `wrangler tail` and Workers
 * Logs. An error is logged with its name, message and stack (log-line.ts).
 */
export function log(c: Context<AppEnv>, level: Level, message: string, fields: Record<string, unknown> = {}) {
  logLine(level, message, { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, ...fields })
}

/**
 * One line per request the Worker answers (a page served by Workers Cache never reaches
 * it): what was asked, what came back, where the product came from (HIT, MISS, STALE,
 * STALE-IF-ERROR) and how long Shopify took. Workers Logs bills per line, so only
 * LOG_SAMPLE_RATE of these are written; every answer of 500 or more is, and so is every
 * warning and error, wherever it is logged.
 */
export const requestLog = createMiddleware<AppEnv>(async (c, next) => {
  const started = Date.now()
  await next()
  // A misconfigured Worker logs every line.
  if (c.res.status < 500 && Math.random() >= (configOrNull(c.env)?.logSampleRate ?? 1)) return
  log(c, 'info', 'request', {
    route: c.req.routePath,
    status: c.res.status,
    ms: Date.now() - started,
    cache: c.get('page')?.cache ?? null,
    upstreamMs: c.get('page')?.upstreamMs ?? null,
    // What this answer's Server-Timing says (Shopify's time for a checkout, say).
    timing: c.get('metric')?.headers.join(', ') || null,
  })
})
