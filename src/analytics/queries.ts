/**
 * The questions `npm run report` asks of the shop's field analytics, each answered where
 * the rows are: by Analytics Engine's SQL API in production (`sql`), and by the local
 * stand-in over the rows it holds (`local`, src/local/analytics.ts). The two stand side by
 * side so they change together. Every answer is a handful of aggregated rows, one per
 * group of a closed list (events, failure classes, vitals, pages, countries, devices), so
 * no cap on rows read can leave data out unseen.
 *
 * Each row weighs what its `_sample_interval` says: Analytics Engine samples when writes
 * into one index come fast or a query reads much, and a kept row stands for that many
 * (docs: 'Sampling with Workers Analytics Engine': `SUM(_sample_interval)` for a count,
 * `quantileExactWeighted(q)(column, _sample_interval)` for a quantile). The SQL uses only
 * what the docs' 'SQL Reference' lists: aggregates with GROUP BY, `if`, `intDiv`, `max`,
 * and a subquery in FROM (no JOIN or UNION).
 *
 * No imports outside the analytics vocabulary, so Node (the report) and the Worker (the
 * stand-in) both run it as it is.
 */
import { VITALS, type VitalName } from '../../client/analytics/vocabulary.ts'
import { COLUMNS } from './columns.ts'

/** A row as the SQL API's `FORMAT JSON` answers it (numbers may come as strings). */
export type Row = Record<string, string | number | undefined>

/** Where a vital's value turns from good to 'needs improvement', and from that to poor (web.dev's thresholds). */
export const THRESHOLDS: Record<VitalName, [number, number]> = { LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25], FCP: [1800, 3000], TTFB: [800, 1800] }
/** A vital's histogram: this many bins up to one and a half times its poor threshold, and what lies beyond in the last. */
export const HISTOGRAM_BINS = 30
export const BIN_WIDTH = Object.fromEntries(VITALS.map((name) => [name, (THRESHOLDS[name][1] * 1.5) / HISTOGRAM_BINS])) as Record<VitalName, number>
/** The vitals broken down by page, country and device. */
export const REPORTED_VITALS = ['LCP', 'INP', 'CLS'] as const satisfies VitalName[]

type Query = {
  /** Its SQL, given the dataset and the condition on `timestamp` that makes the window. */
  sql(table: string, window: string): string
  /** The same answer, from rows already within the window. */
  local(rows: Row[]): Row[]
}

const c = COLUMNS
const weightOf = (row: Row) => Number(row._sample_interval) || 1
const valueOf = (row: Row) => Number(row[c.value])
const textOf = (row: Row, column: keyof typeof COLUMNS) => String(row[c[column]] ?? '')
/** SQL that gives, for the row's vital, what `pick` says of it: nested `if`s over the vitals' names. */
const byVital = (pick: (name: VitalName) => number) => VITALS.reduceRight((otherwise, name) => `if(${c.detail} = '${name}', ${pick(name)}, ${otherwise})`, 'NULL')
const isVital = `${c.event} = 'vital'`

/** Groups rows by a key, in one pass. */
function groupBy(rows: Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>()
  for (const row of rows) {
    const group = groups.get(key(row))
    if (group) group.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

/**
 * The local twin of `SELECT <keys>, <measures> … WHERE <where> GROUP BY <keys>`: one answer
 * row per group, with each key under its alias and what `measure` makes of the group's rows.
 */
function grouped(rows: Row[], where: (row: Row) => boolean, keys: Record<string, (row: Row) => string | number>, measure: (list: Row[]) => Row): Row[] {
  const aliases = Object.keys(keys)
  return [...groupBy(rows.filter(where), (row) => JSON.stringify(aliases.map((alias) => keys[alias]!(row))))].map(([key, list]) => ({
    ...Object.fromEntries((JSON.parse(key) as (string | number)[]).map((value, i) => [aliases[i], value])),
    ...measure(list),
  }))
}
const column = (name: keyof typeof COLUMNS) => (row: Row) => textOf(row, name)
const eventIs = (event: string) => (row: Row) => textOf(row, 'event') === event
const sum = (rows: Row[], of: (row: Row) => number = () => 1) => rows.reduce((total, row) => total + weightOf(row) * of(row), 0)

/**
 * The smallest value with at least `level` of the weight at or below it: ClickHouse's
 * `quantileExactWeighted`, which Analytics Engine's SQL runs.
 */
export function weightedQuantile(level: number, rows: { value: number; weight: number }[]): number | null {
  if (rows.length === 0) return null
  const sorted = [...rows].sort((a, b) => a.value - b.value)
  const total = sorted.reduce((n, v) => n + v.weight, 0)
  let seen = 0
  for (const { value, weight } of sorted) {
    seen += weight
    if (seen >= level * total) return value
  }
  return sorted.at(-1)!.value
}
const p75 = (rows: Row[]) => weightedQuantile(0.75, rows.map((row) => ({ value: valueOf(row), weight: weightOf(row) })))
const P75_SQL = `quantileExactWeighted(0.75)(${c.value}, _sample_interval)`

/** Vitals by one column, the three reported ones. */
function vitalsBy(by: 'route' | 'country' | 'device'): Query {
  const reported = (row: Row) => eventIs('vital')(row) && (REPORTED_VITALS as readonly string[]).includes(textOf(row, 'detail'))
  return {
    sql: (table, window) =>
      `SELECT ${c[by]} AS part, ${c.detail} AS name, SUM(_sample_interval) AS n, ${P75_SQL} AS p75 FROM ${table} WHERE ${window} AND ${isVital} AND (${REPORTED_VITALS.map((n) => `${c.detail} = '${n}'`).join(' OR ')}) GROUP BY part, name`,
    local: (rows) => grouped(rows, reported, { part: column(by), name: column('detail') }, (list) => ({ n: sum(list), p75: p75(list)! })),
  }
}

export const QUERIES = {
  /** How many rows the window holds and how many events they stand for: whether it was sampled. */
  window: {
    sql: (table, window) => `SELECT count() AS stored, SUM(_sample_interval) AS n, max(_sample_interval) AS largest_interval FROM ${table} WHERE ${window}`,
    local: (rows) => [{ stored: rows.length, n: sum(rows), largest_interval: rows.reduce((largest, row) => Math.max(largest, weightOf(row)), 0) }],
  },
  /**
   * Every kind of event but vitals, by its detail (a failure's class): the funnel's steps the
   * browser reports, checkouts started and failed, and beacons refused, whose value is how many.
   */
  events: {
    sql: (table, window) =>
      `SELECT ${c.event} AS event, ${c.detail} AS detail, SUM(_sample_interval) AS n, SUM(_sample_interval * ${c.value}) AS total FROM ${table} WHERE ${window} AND ${c.event} != 'vital' GROUP BY event, detail`,
    local: (rows) => grouped(rows, (row) => !eventIs('vital')(row), { event: column('event'), detail: column('detail') }, (list) => ({ n: sum(list), total: sum(list, valueOf) })),
  },
  /**
   * Checkouts created and orders completed, once per hosted cart (a repeated status check
   * adds nothing), and an order only for a cart this shop's checkout made in the window:
   * a check for any other id, made up or older, cannot add one.
   */
  carts: {
    sql: (table, window) =>
      `SELECT SUM(created) AS created, SUM(if(created > 0, completed, 0)) AS completed FROM (SELECT ${c.cart} AS cart, max(if(${c.event} = 'checkout_created', _sample_interval, 0)) AS created, max(if(${c.event} = 'order_completed', _sample_interval, 0)) AS completed FROM ${table} WHERE ${window} AND (${c.event} = 'checkout_created' OR ${c.event} = 'order_completed') AND ${c.cart} != '' GROUP BY cart)`,
    local: (rows) => {
      const carts = groupBy(rows.filter((row) => (eventIs('checkout_created')(row) || eventIs('order_completed')(row)) && textOf(row, 'cart') !== ''), column('cart'))
      let created = 0
      let completed = 0
      for (const list of carts.values()) {
        const largest = (event: string) => Math.max(0, ...list.filter(eventIs(event)).map(weightOf))
        created += largest('checkout_created')
        if (largest('checkout_created') > 0) completed += largest('order_completed')
      }
      return [{ created, completed }]
    },
  },
  /** Each vital's page loads, p75, and how many were good and poor by THRESHOLDS. */
  vitals: {
    sql: (table, window) =>
      `SELECT ${c.detail} AS name, SUM(_sample_interval) AS n, ${P75_SQL} AS p75, SUM(if(${c.value} <= ${byVital((n) => THRESHOLDS[n][0])}, _sample_interval, 0)) AS good, SUM(if(${c.value} > ${byVital((n) => THRESHOLDS[n][1])}, _sample_interval, 0)) AS poor FROM ${table} WHERE ${window} AND ${isVital} GROUP BY name`,
    local: (rows) =>
      grouped(rows, eventIs('vital'), { name: column('detail') }, (list) => {
        const [good, poor] = THRESHOLDS[textOf(list[0]!, 'detail') as VitalName] ?? [NaN, NaN]
        return { n: sum(list), p75: p75(list)!, good: sum(list.filter((row) => valueOf(row) <= good)), poor: sum(list.filter((row) => valueOf(row) > poor)) }
      }),
  },
  /** Each vital's page loads by bin of BIN_WIDTH: a few hundred rows at most, as POST /events bounds every value. */
  histogram: {
    sql: (table, window) =>
      `SELECT ${c.detail} AS name, intDiv(${c.value}, ${byVital((n) => BIN_WIDTH[n])}) AS bin, SUM(_sample_interval) AS n FROM ${table} WHERE ${window} AND ${isVital} GROUP BY name, bin`,
    local: (rows) =>
      grouped(rows, eventIs('vital'), { name: column('detail'), bin: (row) => Math.floor(valueOf(row) / BIN_WIDTH[textOf(row, 'detail') as VitalName]) }, (list) => ({ n: sum(list) })),
  },
  /** What each page's largest paint was. */
  lcpElements: {
    sql: (table, window) =>
      `SELECT ${c.route} AS route, ${c.element} AS element, SUM(_sample_interval) AS n FROM ${table} WHERE ${window} AND ${isVital} AND ${c.detail} = 'LCP' AND ${c.element} != '' GROUP BY route, element`,
    local: (rows) =>
      grouped(rows, (row) => eventIs('vital')(row) && textOf(row, 'detail') === 'LCP' && textOf(row, 'element') !== '', { route: column('route'), element: column('element') }, (list) => ({ n: sum(list) })),
  },
  byPage: vitalsBy('route'),
  byCountry: vitalsBy('country'),
  byDevice: vitalsBy('device'),
} satisfies Record<string, Query>

export type QueryName = keyof typeof QUERIES
export type Answers = Record<QueryName, Row[]>

/** Every query answered over rows in hand: the local stand-in's answers, and the tests'. */
export function answerLocally(rows: Row[]): Answers {
  return Object.fromEntries(Object.entries(QUERIES).map(([name, query]) => [name, query.local(rows)])) as Answers
}
