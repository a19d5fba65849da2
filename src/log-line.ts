// Imports nothing, so the product's Durable Object and the scheduled check can log without
// reaching the app's request types (src/log.ts adds a request's fields to the same line).

export type Level = 'info' | 'warn' | 'error'

/**
 * The same line where no request's context is at hand (the product's Durable Object, the
 * scheduled check, the alerts): the caller names the request id it works for as `requestId`,
 * so every line of the shop is found by one field. The one place a log line is written.
 */
export function logLine(level: Level, message: string, fields: Record<string, unknown> = {}) {
  const entry: Record<string, unknown> = { level, message }
  for (const [key, value] of Object.entries(fields)) {
    entry[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value
  }
  console[level === 'info' ? 'log' : level](JSON.stringify(entry))
}
