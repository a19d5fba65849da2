/**
 * A stand-in for Workers Analytics Engine, for `npm start` and the tests only: `wrangler
 * dev` drops every `writeDataPoint`, so locally the shop's field analytics would vanish.
 * It keeps the rows in the Worker's memory for as long as the local shop runs (a binding
 * for a store would be one wrangler warns about on every deploy, since the environments
 * do not have it), the newest MAX_ROWS of them, and at REPORT_PATH answers the report's
 * questions by name (`?query=`, src/analytics/queries.ts) as the SQL API answers their SQL:
 * counted here, in the SQL API's `FORMAT JSON` shape. Each answer also says how many rows
 * it has let go (`dropped`), so the report can say so. Without `?query=` it answers the
 * rows themselves, for the tests to read what the Worker wrote.
 *
 * A Worker that has an EVENTS binding after all (the bench's) writes to that instead.
 * Only the local Worker (src/local/index.ts) is wrapped in this; production's entry is
 * src/index.ts, whose EVENTS binding is Analytics Engine itself.
 */
import { QUERIES, type QueryName, type Row } from '../analytics/queries.ts'

type Handler = { fetch(request: Request, env: never, ctx: ExecutionContext): Response | Promise<Response> }
type Env = { EVENTS?: AnalyticsEngineDataset }

export const REPORT_PATH = '/__local/analytics'
export const MAX_ROWS = 20_000

export function withLocalAnalytics<E extends Env>(worker: Handler) {
  const rows: Row[] = []
  let dropped = 0
  const events: AnalyticsEngineDataset = {
    writeDataPoint({ indexes = [], blobs = [], doubles = [] } = {}) {
      const row: Row = { timestamp: Date.now(), _sample_interval: 1, index1: String(indexes[0] ?? '') }
      blobs.forEach((blob, i) => (row[`blob${i + 1}`] = String(blob ?? '')))
      doubles.forEach((double, i) => (row[`double${i + 1}`] = double))
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
        const inWindow = rows.filter((row) => Number(row.timestamp) >= since)
        const name = url.searchParams.get('query')
        if (name !== null && !Object.hasOwn(QUERIES, name)) return Response.json({ error: `no query "${name}"; ask one of ${Object.keys(QUERIES).join(', ')}` }, { status: 400 })
        const data = name === null ? inWindow : QUERIES[name as QueryName].local(inWindow)
        return Response.json({ data, dropped, kept: MAX_ROWS }, { headers: { 'Cache-Control': 'no-store' } })
      }
      // A Worker given a dataset binding of its own keeps it (Miniflare's drops every write,
      // as the bench wants: production writes off the request, in Analytics Engine).
      return worker.fetch(request, { ...env, EVENTS: env.EVENTS ?? events } as never, ctx)
    },
  }
}
