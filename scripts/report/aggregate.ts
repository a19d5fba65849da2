// What `npm run report` makes of the rows it reads: the funnel and the vitals, with each
// row weighted by the share of rows Analytics Engine kept of its kind (`_sample_interval`;
// docs: "Sampling with WAE", each row stands for that many). Pure, so tests can feed it rows.
import { FUNNEL, VITALS, type FunnelStep, type VitalName } from '../../client/analytics/vocabulary.ts'
import { COLUMNS } from '../../src/analytics/columns.ts'

export type Row = Record<string, string | number | undefined>

/** Where a vital's value turns from good to 'needs improvement', and from that to poor (web.dev's thresholds). */
export const THRESHOLDS: Record<VitalName, [number, number]> = { LCP: [2500, 4000], INP: [200, 500], CLS: [0.1, 0.25], FCP: [1800, 3000], TTFB: [800, 1800] }
/** The three the report breaks down by page, country and device. */
export const REPORTED_VITALS = ['LCP', 'INP', 'CLS'] as const satisfies VitalName[]

export type Percentile = { p75: number; count: number }
export type Report = {
  /** What the reader must know of the figures: a window read only in part, say. */
  notes: string[]
  /** Beacons POST /events turned away (over the rate limit, too large, invalid), at least this many. */
  refusedBeacons: number
  funnel: { step: FunnelStep; count: number; conversion: number | null }[]
  checkoutFailures: Record<string, number>
  vitals: Record<'byPage' | 'byCountry' | 'byDevice', Record<string, Partial<Record<VitalName, Percentile>>>>
  distributions: Record<VitalName, { good: number; needsImprovement: number; poor: number; count: number; p75: number | null; values: { value: number; weight: number }[] }>
  lcpElements: Record<string, Record<string, number>>
}

const get = (row: Row, column: keyof typeof COLUMNS) => row[COLUMNS[column]]
const text = (row: Row, column: keyof typeof COLUMNS) => String(get(row, column) ?? '')
const weightOf = (row: Row) => Number(row._sample_interval) || 1

function groupBy(rows: Row[], key: (row: Row) => string): Map<string, Row[]> {
  const groups = new Map<string, Row[]>()
  for (const row of rows) {
    const group = groups.get(key(row))
    if (group) group.push(row)
    else groups.set(key(row), [row])
  }
  return groups
}

/** The smallest value with at least 75% of the weight at or below it. */
export function weightedP75(values: { value: number; weight: number }[]): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a.value - b.value)
  const total = sorted.reduce((sum, v) => sum + v.weight, 0)
  let seen = 0
  for (const { value, weight } of sorted) {
    seen += weight
    if (seen >= 0.75 * total) return value
  }
  return sorted.at(-1)!.value
}

/** One count per hosted cart (a repeated check adds nothing), weighted as its first row was. */
function cartsOf(rows: Row[]): Map<string, number> {
  const carts = new Map<string, number>()
  for (const row of rows) {
    const key = text(row, 'cart')
    if (key && !carts.has(key)) carts.set(key, weightOf(row))
  }
  return carts
}

export function aggregate(rows: Row[], notes: string[] = []): Report {
  const byEvent = groupBy(rows, (row) => text(row, 'event'))
  const sum = (list: Row[] = []) => list.reduce((total, row) => total + weightOf(row), 0)

  const created = cartsOf(byEvent.get('checkout_created') ?? [])
  // An order counts only for a cart this shop's checkout made: a status check for any
  // other id (made up, or from before the window) cannot add one.
  const ordered = [...cartsOf(byEvent.get('order_completed') ?? [])].filter(([key]) => created.has(key))
  const counts: Record<FunnelStep, number> = {
    page_view: sum(byEvent.get('page_view')),
    add_to_cart: sum(byEvent.get('add_to_cart')),
    cart_opened: sum(byEvent.get('cart_opened')),
    checkout_started: sum(byEvent.get('checkout_started')),
    checkout_created: [...created.values()].reduce((a, b) => a + b, 0),
    order_completed: ordered.reduce((total, [, weight]) => total + weight, 0),
  }
  const funnel = FUNNEL.map((step, i) => {
    const before = i === 0 ? null : counts[FUNNEL[i - 1]!]
    return { step, count: counts[step], conversion: before ? counts[step] / before : null }
  })

  const checkoutFailures: Record<string, number> = {}
  for (const row of byEvent.get('checkout_failed') ?? []) checkoutFailures[text(row, 'detail')] = (checkoutFailures[text(row, 'detail')] ?? 0) + weightOf(row)

  const vitalRows = (byEvent.get('vital') ?? []).filter((row) => Number.isFinite(Number(get(row, 'value'))))
  const breakdown = (column: 'route' | 'country' | 'device') => {
    const groups: Record<string, Partial<Record<VitalName, Percentile>>> = {}
    for (const [group, list] of groupBy(vitalRows, (row) => text(row, column) || '(unknown)')) {
      for (const name of REPORTED_VITALS) {
        const values = list.filter((row) => text(row, 'detail') === name).map((row) => ({ value: Number(get(row, 'value')), weight: weightOf(row) }))
        if (values.length > 0) (groups[group] ??= {})[name] = { p75: weightedP75(values)!, count: values.reduce((n, v) => n + v.weight, 0) }
      }
    }
    return groups
  }

  const distributions = Object.fromEntries(
    VITALS.map((name) => {
      const values = vitalRows.filter((row) => text(row, 'detail') === name).map((row) => ({ value: Number(get(row, 'value')), weight: weightOf(row) }))
      const [good, poor] = THRESHOLDS[name]
      const share = (test: (v: number) => boolean) => values.filter((v) => test(v.value)).reduce((n, v) => n + v.weight, 0)
      return [name, { good: share((v) => v <= good), needsImprovement: share((v) => v > good && v <= poor), poor: share((v) => v > poor), count: share(() => true), p75: weightedP75(values), values }]
    }),
  ) as Report['distributions']

  const lcpElements: Report['lcpElements'] = {}
  for (const row of vitalRows.filter((r) => text(r, 'detail') === 'LCP' && text(r, 'element'))) {
    const page = (lcpElements[text(row, 'route')] ??= {})
    page[text(row, 'element')] = (page[text(row, 'element')] ?? 0) + weightOf(row)
  }

  const refusedBeacons = (byEvent.get('beacon_refused') ?? []).reduce((total, row) => total + (Number(get(row, 'value')) || 0) * weightOf(row), 0)

  return { notes, refusedBeacons, funnel, checkoutFailures, vitals: { byPage: breakdown('route'), byCountry: breakdown('country'), byDevice: breakdown('device') }, distributions, lcpElements }
}
