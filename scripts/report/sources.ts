// Where `npm run report` asks its questions (src/analytics/queries.ts): production's
// Analytics Engine through the SQL API, or the rows of a running `npm start`'s stand-in
// (src/local/analytics.ts), over which the same SQL runs in chDB (clickhouse.ts). Both
// answer in the SQL API's `FORMAT JSON` shape, `{ data: [row, ...] }`, a few rows per question.
import { QUERIES, type Answers, type QueryName, type Row } from '../../src/analytics/queries.ts'
import { REPORT_PATH } from '../../src/local/analytics.ts'
import { withTable } from './clickhouse.ts'

/** Every question's answer, and what the reader must know of them (rows the store let go). */
export type Read = { answers: Answers; notes: string[] }
export type Source = { name: string; read(hours: number): Promise<Read> }

const NAMES = Object.keys(QUERIES) as QueryName[]
/** The last `hours`, as Analytics Engine's SQL says it. */
const windowOf = (hours: number) => `timestamp > NOW() - INTERVAL '${Math.ceil(hours)}' HOUR`
/** Every question asked of `table` with `ask`. */
async function askAll(table: string, hours: number, ask: (sql: string) => Row[] | Promise<Row[]>): Promise<Answers> {
  const answers = await Promise.all(
    NAMES.map((name) => ask(`${QUERIES[name].sql(table, windowOf(hours))} FORMAT JSON`)),
  )
  return Object.fromEntries(NAMES.map((name, i) => [name, answers[i]])) as Answers
}

/**
 * The SQL API (docs: 'SQL API': POST the query to /accounts/<id>/analytics_engine/sql with a
 * bearer token of the 'Account Analytics: Read' permission). No LIMIT: every answer has one
 * row per group of a closed list, so none is cut short.
 */
export function analyticsEngine(accountId: string, token: string, dataset: string): Source {
  if (!/^[a-z0-9_]+$/i.test(dataset)) throw new Error(`"${dataset}" is not a dataset name`)
  const ask = async (sql: string): Promise<Row[]> => {
    const response = await fetch(`https://api.cloudflare.com/client/v4/accounts/${accountId}/analytics_engine/sql`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      body: sql,
    })
    if (!response.ok)
      throw new Error(`Analytics Engine answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
    return ((await response.json()) as { data: Row[] }).data
  }
  return {
    name: `Analytics Engine dataset ${dataset}`,
    async read(hours) {
      return { answers: await askAll(dataset, hours, ask), notes: [] }
    },
  }
}

/** The stand-in of a local shop, by its origin: its rows, and the same SQL run over them in chDB. */
export function localStandIn(origin: string): Source {
  return {
    name: `the local stand-in at ${origin}`,
    async read(hours) {
      const response = await fetch(new URL(`${REPORT_PATH}?hours=${hours}`, origin)).catch((error: Error) => {
        throw new Error(`${origin} is not answering (${error.message}); start the shop with \`npm start\``)
      })
      if (!response.ok)
        throw new Error(`${origin}${REPORT_PATH} answered ${response.status}; is this the local shop (\`npm start\`)?`)
      const {
        data,
        dropped = 0,
        kept = 0,
      } = (await response.json()) as { data: Row[]; dropped?: number; kept?: number }
      const notes =
        dropped > 0
          ? [
              `The local stand-in keeps only its newest ${kept.toLocaleString('en')} rows: ${dropped.toLocaleString('en')} older ones were let go, and any of them in this window are missing from these figures.`,
            ]
          : []
      return { answers: await withTable('events', data, (run) => askAll('events', hours, run)), notes }
    },
  }
}
