import type { Context } from 'hono'
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
