/**
 * A stand-in for Workers Analytics Engine, for `npm start` and the tests only: `wrangler
 * dev` drops every `writeDataPoint`, so locally the shop's field analytics would vanish.
 * It keeps the rows in the Worker's memory for as long as the local shop runs (a binding
 * for a store would be one wrangler warns about on every deploy, since the environments
 * do not have it), up to MAX_ROWS, and answers them at REPORT_PATH in the shape of the SQL
 * API's `FORMAT JSON` answer, so `npm run report` has one way to read either.
 *
 * A Worker that has an EVENTS binding after all (the bench's) writes to that instead.
 * Only the local Worker (src/local/index.ts) is wrapped in this; production's entry is
 * src/index.ts, whose EVENTS binding is Analytics Engine itself.
 */

type Handler = { fetch(request: Request, env: never, ctx: ExecutionContext): Response | Promise<Response> }
type Env = { EVENTS?: AnalyticsEngineDataset }
type Row = Record<string, string | number>

export const REPORT_PATH = '/__local/analytics'
const MAX_ROWS = 20_000

export function withLocalAnalytics<E extends Env>(worker: Handler) {
  const rows: Row[] = []
  const events: AnalyticsEngineDataset = {
    writeDataPoint({ indexes = [], blobs = [], doubles = [] } = {}) {
      const row: Row = { timestamp: Date.now(), _sample_interval: 1, index1: String(indexes[0] ?? '') }
      blobs.forEach((blob, i) => (row[`blob${i + 1}`] = String(blob ?? '')))
      doubles.forEach((double, i) => (row[`double${i + 1}`] = double))
      rows.push(row)
      if (rows.length > MAX_ROWS) rows.shift()
    },
  }
  return {
    fetch(request: Request, env: E, ctx: ExecutionContext): Response | Promise<Response> {
      const url = new URL(request.url)
      if (url.pathname === REPORT_PATH) {
        const since = Date.now() - Number(url.searchParams.get('hours') ?? 24) * 3_600_000
        return Response.json({ data: rows.filter((row) => Number(row.timestamp) >= since) }, { headers: { 'Cache-Control': 'no-store' } })
      }
      // A Worker given a dataset binding of its own keeps it (Miniflare's drops every write,
      // as the bench wants: production writes off the request, in Analytics Engine).
      return worker.fetch(request, { ...env, EVENTS: env.EVENTS ?? events } as never, ctx)
    },
  }
}
