/**
 * A stand-in for Workers Analytics Engine, for `npm start` and the tests only: `wrangler
 * dev` drops every `writeDataPoint`, so locally the shop's field analytics would vanish.
 * It keeps the rows in the Worker's memory for as long as the local shop runs (a binding
 * for a store would be one wrangler warns about on every deploy, since the environments
 * do not have it), the newest MAX_ROWS of them, laid out as Analytics Engine stores them,
 * and at REPORT_PATH answers those of the last `?hours=`, with how many it has let go
 * (`dropped`). `npm run report` runs its SQL over them in chDB (scripts/report/).
 *
 * A Worker that has an EVENTS binding after all (the bench's) writes to that instead.
 * Only the local Worker (src/local/index.ts) is wrapped in this; production's entry is
 * src/index.ts, whose EVENTS binding is Analytics Engine itself.
 */
import type { Row } from '../analytics/queries.ts'

type Handler = {
  fetch(request: Request, env: never, ctx: ExecutionContext): Response | Promise<Response>
  scheduled?(controller: ScheduledController, env: never, ctx: ExecutionContext): void | Promise<void>
}
type Env = { EVENTS?: AnalyticsEngineDataset }

export const REPORT_PATH = '/__local/analytics'
export const MAX_ROWS = 20_000

export function withLocalAnalytics<E extends Env>(worker: Handler) {
  const rows: Row[] = []
  let dropped = 0
  const events: AnalyticsEngineDataset = {
    writeDataPoint({ indexes = [], blobs = [], doubles = [] } = {}) {
      const row: Row = { timestamp: Date.now(), _sample_interval: 1, index1: String(indexes[0] ?? '') }
      for (const [i, blob] of blobs.entries()) row[`blob${i + 1}`] = String(blob ?? '')
      for (const [i, double] of doubles.entries()) row[`double${i + 1}`] = double
      rows.push(row)
      if (rows.length > MAX_ROWS) {
        rows.shift()
        dropped++
      }
    },
  }
  return {
    fetch(request: Request, env: E, ctx: ExecutionContext): Response | Promise<Response> {
      const url = new URL(request.url)
      if (url.pathname === REPORT_PATH) {
        const since = Date.now() - Number(url.searchParams.get('hours') ?? 24) * 3_600_000
        const data = rows.filter((row) => Number(row.timestamp) >= since)
        return Response.json({ data, dropped, kept: MAX_ROWS }, { headers: { 'Cache-Control': 'no-store' } })
      }
      // A Worker given a dataset binding of its own keeps it (Miniflare's drops every write,
      // as the bench wants: production writes off the request, in Analytics Engine).
      return worker.fetch(request, { ...env, EVENTS: env.EVENTS ?? events } as never, ctx)
    },
    // The scheduled check writes its outcome to the same rows.
    scheduled(controller: ScheduledController, env: E, ctx: ExecutionContext) {
      return worker.scheduled?.(controller, { ...env, EVENTS: env.EVENTS ?? events } as never, ctx)
    },
  }
}
