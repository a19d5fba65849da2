// Where `npm run report` asks its questions (src/analytics/queries.ts): production's
// Analytics Engine through the SQL API, or the local stand-in of a running `npm start`
// (src/local/analytics.ts). Both count where the rows are and answer in the SQL API's
// `FORMAT JSON` shape, `{ data: [row, ...] }`, a few rows per question.
import { QUERIES, type Answers, type QueryName, type Row } from '../../src/analytics/queries.ts'
import { REPORT_PATH } from '../../src/local/analytics.ts'

/** Every question's answer, and what the reader must know of them (rows the store let go). */
export type Read = { answers: Answers; notes: string[] }
export type Source = { name: string; read(hours: number): Promise<Read> }

const NAMES = Object.keys(QUERIES) as QueryName[]

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
      body: `${sql} FORMAT JSON`,
    })
    if (!response.ok) throw new Error(`Analytics Engine answered ${response.status}: ${(await response.text()).slice(0, 300)}`)
    return ((await response.json()) as { data: Row[] }).data
  }
  return {
    name: `Analytics Engine dataset ${dataset}`,
    async read(hours) {
      const window = `timestamp > NOW() - INTERVAL '${Math.ceil(hours)}' HOUR`
      const answers = await Promise.all(NAMES.map((name) => ask(QUERIES[name].sql(dataset, window))))
      return { answers: Object.fromEntries(NAMES.map((name, i) => [name, answers[i]])) as Answers, notes: [] }
    },
  }
}

/** The stand-in of a local shop, by its origin: the same questions, by name. */
export function localStandIn(origin: string): Source {
  const ask = async (name: QueryName, hours: number) => {
    const response = await fetch(new URL(`${REPORT_PATH}?hours=${hours}&query=${name}`, origin)).catch((error: Error) => {
      throw new Error(`${origin} is not answering (${error.message}); start the shop with \`npm start\``)
    })
    if (!response.ok) throw new Error(`${origin}${REPORT_PATH} answered ${response.status}; is this the local shop (\`npm start\`)?`)
    return (await response.json()) as { data: Row[]; dropped?: number; kept?: number }
  }
  return {
    name: `the local stand-in at ${origin}`,
    async read(hours) {
      const answers = await Promise.all(NAMES.map((name) => ask(name, hours)))
      const { dropped = 0, kept = 0 } = answers[0]!
      const notes = dropped > 0 ? [`The local stand-in keeps only its newest ${kept.toLocaleString('en')} rows: ${dropped.toLocaleString('en')} older ones were let go, and any of them in this window are missing from these figures.`] : []
      return { answers: Object.fromEntries(NAMES.map((name, i) => [name, answers[i]!.data])) as Answers, notes }
    },
  }
}
