import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { log } from '../log.ts'
import { COLUMNS, type DataPoint } from './columns.ts'
import { shortHash } from '../short-hash.ts'

/**
 * Writes one row, with the country and data centre Cloudflare puts on the request (the
 * browser never sends them). Writes are non-blocking and need no `waitUntil` (docs: "Write
 * to Analytics Engine"); at most 25 per invocation (docs: Analytics Engine "Limits"). A
 * failure is logged and costs the request nothing.
 */
export function record(c: Context<AppEnv>, point: DataPoint) {
  const cf = c.req.raw.cf as { country?: string; colo?: string } | undefined
  try {
    writePoint(c.env.EVENTS, { ...point, country: cf?.country, colo: cf?.colo })
  } catch (error) {
    log(c, 'warn', 'analytics write failed', { error, event: point.event })
  }
}

/** One row, where no request is at hand (the scheduled check): the caller logs a failure. */
export function writePoint(
  dataset: AnalyticsEngineDataset | undefined,
  point: DataPoint & { country?: string; colo?: string },
) {
  const row: Record<string, string | number | undefined> = point
  // blobN goes at index N - 1, as COLUMNS places it.
  const blobs: string[] = []
  for (const [name, column] of Object.entries(COLUMNS))
    if (column.startsWith('blob')) blobs[Number(column.slice(4)) - 1] = String(row[name] ?? '')
  dataset?.writeDataPoint({
    indexes: [point.event],
    blobs,
    doubles: [point.value ?? 1, point.ms ?? 0, point.requestMs ?? 0, point.amount ?? 0],
  })
}

/**
 * The hosted cart's id, one way: the first 64 bits of its SHA-256, without the `?key=`
 * that lets its holder read it. It only matches a checkout to its order; Shopify forgets
 * the cart within days.
 */
export function cartKey(cartId: string): Promise<string> {
  return shortHash(cartId.split('?')[0]!)
}
