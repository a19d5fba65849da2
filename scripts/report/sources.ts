// Where `npm run report` reads its rows: production's Analytics Engine through the SQL API,
// or the local stand-in of a running `npm start` (src/local/analytics.ts). Both answer in the
// SQL API's `FORMAT JSON` shape, `{ data: [row, ...] }`.
import { COLUMNS } from '../../src/analytics/columns.ts'
import { REPORT_PATH } from '../../src/local/analytics.ts'
import type { Row } from './aggregate.ts'

/** A window's rows, and what the reader must know of them (a cap that cut them short). */
export type Read = { rows: Row[]; notes: string[] }
export type Source = { name: string; read(hours: number): Promise<Read> }

/**
 * The SQL API (docs: "SQL API": POST the query to /accounts/<id>/analytics_engine/sql with
 * a bearer token of the 'Account Analytics: Read' permission). Rows, not aggregates, so
 * local and production go through one aggregate(); MAX_ROWS bounds a window's read.
 */
export function analyticsEngine(accountId: string, token: string, dataset: string): Source {
  if (!/^[a-z0-9_]+$/i.test(dataset)) throw new Error(`"${dataset}" is not a dataset name`)
  return {
    name: `Analytics Engine dataset ${dataset}`,
    async read(hours) {
      const columns = ['timestamp', '_sample_interval', ...new Set(Object.values(COLUMNS))].join(', ')
      const query = `SELECT ${columns} FROM ${dataset} WHERE timestamp > NOW() - INTERVAL '${Math.ceil(hours)}' HOUR ORDER BY timestamp LIMIT ${MAX_ROWS} FORMAT JSON`
      const response = await fetch(`https://api.cloudflare.com/client/v4/accounts/${accountId}/analytics_engine/sql`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        body: query,
      })
      if (!response.ok) throw new Error(`Analytics Engine answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
      const rows = ((await response.json()) as { data: Row[] }).data
      const notes = rows.length >= MAX_ROWS ? [`Only the oldest ${MAX_ROWS.toLocaleString('en')} rows of this window were read: everything after them is missing from these figures. Ask for fewer --hours.`] : []
      return { rows, notes }
    },
  }
}

export const MAX_ROWS = 100_000

/** The stand-in of a local shop, by its origin. */
export function localStandIn(origin: string): Source {
  return {
    name: `the local stand-in at ${origin}`,
    async read(hours) {
      const response = await fetch(new URL(`${REPORT_PATH}?hours=${hours}`, origin)).catch((error: Error) => {
        throw new Error(`${origin} is not answering (${error.message}); start the shop with \`npm start\``)
      })
      if (!response.ok) throw new Error(`${origin}${REPORT_PATH} answered ${response.status}; is this the local shop (\`npm start\`)?`)
      return { rows: ((await response.json()) as { data: Row[] }).data, notes: [] }
    },
  }
}
