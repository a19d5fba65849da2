/**
 * The questions `npm run report` asks of the shop's field analytics, written once, in
 * Analytics Engine's SQL: production's SQL API runs them, and locally ClickHouse in process
 * (chDB, scripts/report/clickhouse.ts) runs the same text over the local stand-in's rows.
 * Every answer is a handful of aggregated rows, one per group of a closed list (events,
 * failure classes, vitals, pages, countries, devices), so no cap on rows read can leave
 * data out unseen.
 *
 * Each row weighs what its `_sample_interval` says: Analytics Engine samples when writes
 * into one index come fast or a query reads much, and a kept row stands for that many
 * (docs: 'Sampling with Workers Analytics Engine': `SUM(_sample_interval)` for a count,
 * `quantileExactWeighted(q)(column, _sample_interval)` for a quantile). The SQL uses only
 * what the docs' 'SQL Reference' lists (test/worker/report.test.ts checks every function
 * against it): aggregates with GROUP BY, `if`, `intDiv`, `max`, `now`, and a subquery in
 * FROM (no JOIN or UNION).
 *
 * No imports outside the analytics vocabulary, so Node runs it as it is.
 */
import { VITALS, type VitalName } from '../../client/analytics/vocabulary.ts'
import { COLUMNS } from './columns.ts'

/** A row as the SQL API's `FORMAT JSON` answers it (numbers may come as strings). */
export type Row = Record<string, string | number | undefined>

/** Where a vital's value turns from good to 'needs improvement', and from that to poor (web.dev's thresholds). */
export const THRESHOLDS: Record<VitalName, [number, number]> = {
  LCP: [2500, 4000],
  INP: [200, 500],
  CLS: [0.1, 0.25],
  FCP: [1800, 3000],
  TTFB: [800, 1800],
}
/** A vital's histogram: this many bins up to one and a half times its poor threshold, and what lies beyond in the last. */
export const HISTOGRAM_BINS = 30
export const BIN_WIDTH = Object.fromEntries(
  VITALS.map((name) => [name, (THRESHOLDS[name][1] * 1.5) / HISTOGRAM_BINS]),
) as Record<VitalName, number>
/** The vitals broken down by page, country, device and how the page load began. */
export const REPORTED_VITALS = ['LCP', 'INP', 'CLS'] as const satisfies VitalName[]

/** The steps `npm run report` counts by country. */
export const COUNTRY_FUNNEL = ['page_view', 'add_to_cart', 'checkout_started', 'checkout_created'] as const

/** A question: its SQL, given the dataset and the condition on `timestamp` that makes the window. */
type Query = { sql(table: string, window: string): string }

const c = COLUMNS
/** Above any timing a beacon may carry (60 s): a checkout with no timing. */
const UNTIMED = 1_000_000

/**
 * Each checkout the Worker made or a browser timed, one row a checkout: `made`, its weight
 * (0 if the Worker made none), `ready`, its shortest tap-to-tab timing (UNTIMED if none), and
 * `request`, the request's part of that same timing.
 */
const timedCheckouts = (table: string, window: string) => {
  const readyMs = `if(${c.event} = 'checkout_ready' AND ${c.ms} > 0, ${c.ms}, ${UNTIMED})`
  return `(SELECT ${c.cart} AS cart, max(if(${c.event} = 'checkout_created', _sample_interval, 0)) AS made, min(${readyMs}) AS ready, argMin(${c.requestMs}, ${readyMs}) AS request
    FROM ${table}
    WHERE ${window} AND (${c.event} = 'checkout_created' OR ${c.event} = 'checkout_ready') AND ${c.cart} != ''
    GROUP BY cart)`
}
/** SQL that gives, for the row's vital, what `pick` says of it: nested `if`s over the vitals' names. */
const byVital = (pick: (name: VitalName) => number) =>
  VITALS.reduceRight((otherwise, name) => `if(${c.detail} = '${name}', ${pick(name)}, ${otherwise})`, 'NULL')
const isVital = `${c.event} = 'vital'`
const P75_SQL = `quantileExactWeighted(0.75)(${c.value}, _sample_interval)`

/** Vitals by one column, the three reported ones. */
function vitalsBy(by: 'route' | 'country' | 'device' | 'navigation'): Query {
  return {
    sql: (table, window) =>
      `SELECT ${c[by]} AS part, ${c.detail} AS name, SUM(_sample_interval) AS n, ${P75_SQL} AS p75
        FROM ${table}
        WHERE ${window} AND ${isVital} AND (${REPORTED_VITALS.map((n) => `${c.detail} = '${n}'`).join(' OR ')})
        GROUP BY part, name`,
  }
}

export const QUERIES = {
  /** How many rows the window holds and how many events they stand for: whether it was sampled. */
  window: {
    sql: (table, window) =>
      `SELECT count() AS stored, SUM(_sample_interval) AS n, max(_sample_interval) AS largest_interval FROM ${table} WHERE ${window}`,
  },
  /**
   * Every kind of event but vitals, by its detail (a failure's class): the funnel's steps the
   * browser reports, checkouts started and failed, and beacons refused, whose value is how many.
   */
  events: {
    sql: (table, window) =>
      `SELECT ${c.event} AS event, ${c.detail} AS detail, SUM(_sample_interval) AS n, SUM(_sample_interval * ${c.value}) AS total
        FROM ${table}
        WHERE ${window} AND ${c.event} != 'vital'
        GROUP BY event, detail`,
  },
  /**
   * Checkouts created and the orders Shopify told of (orders/create), once per hosted cart,
   * and an order only for a cart this shop's checkout made in the window (the Worker counts
   * none other: orders/order-ledger.ts). (The inner columns are not named as the outer ones:
   * ClickHouse would read `created` in the outer `if` as the outer SUM itself, an aggregate
   * inside an aggregate, and refuse the query; chDB found it.)
   */
  carts: {
    sql: (table, window) =>
      `SELECT SUM(made) AS created, SUM(if(made > 0, paid, 0)) AS ordered
        FROM (SELECT ${c.cart} AS cart, max(if(${c.event} = 'checkout_created', _sample_interval, 0)) AS made, max(if(${c.event} = 'order_created', _sample_interval, 0)) AS paid
        FROM ${table}
        WHERE ${window} AND (${c.event} = 'checkout_created' OR ${c.event} = 'order_created') AND ${c.cart} != ''
        GROUP BY cart)`,
  },
  /** Orders, blankets and revenue by the currency paid in and the market whose prices the checkout used. */
  orders: {
    sql: (table, window) =>
      `SELECT ${c.detail} AS currency, ${c.market} AS market, SUM(_sample_interval) AS n, SUM(_sample_interval * ${c.value}) AS blankets, SUM(_sample_interval * ${c.amount}) AS revenue
        FROM ${table}
        WHERE ${window} AND ${c.event} = 'order_created'
        GROUP BY currency, market`,
  },
  /** Page views and orders by where the shopper came from (a campaign's source, a referring host, or 'direct') and the campaign. */
  sources: {
    sql: (table, window) =>
      `SELECT ${c.source} AS source, ${c.campaign} AS campaign, SUM(if(${c.event} = 'page_view', _sample_interval, 0)) AS views, SUM(if(${c.event} = 'order_created', _sample_interval, 0)) AS orders
        FROM ${table}
        WHERE ${window} AND (${c.event} = 'page_view' OR ${c.event} = 'order_created')
        GROUP BY source, campaign`,
  },
  /** Revenue by source and campaign, in each currency. */
  sourceRevenue: {
    sql: (table, window) =>
      `SELECT ${c.source} AS source, ${c.campaign} AS campaign, ${c.detail} AS currency, SUM(_sample_interval * ${c.amount}) AS revenue
        FROM ${table}
        WHERE ${window} AND ${c.event} = 'order_created'
        GROUP BY source, campaign, currency`,
  },
  /** From the checkout made to its order, as the Worker saw both. */
  orderTimes: {
    sql: (table, window) =>
      `SELECT SUM(_sample_interval) AS n, quantileExactWeighted(0.5)(${c.ms}, _sample_interval) AS p50, quantileExactWeighted(0.75)(${c.ms}, _sample_interval) AS p75
        FROM ${table}
        WHERE ${window} AND ${c.event} = 'order_created'`,
  },
  /**
   * The funnel by the country Cloudflare saw (never the browser's word): page views and order
   * taps (add_to_cart) from the browsers, checkouts started and created from the Worker.
   */
  funnelByCountry: {
    sql: (table, window) =>
      `SELECT ${c.country} AS country, ${c.event} AS event, SUM(_sample_interval) AS n
        FROM ${table}
        WHERE ${window} AND (${COUNTRY_FUNNEL.map((event) => `${c.event} = '${event}'`).join(' OR ')})
        GROUP BY country, event`,
  },
  /** Each vital's page loads, p75, and how many were good and poor by THRESHOLDS. */
  vitals: {
    sql: (table, window) =>
      `SELECT ${c.detail} AS name, SUM(_sample_interval) AS n, ${P75_SQL} AS p75,
        SUM(if(${c.value} <= ${byVital((n) => THRESHOLDS[n][0])}, _sample_interval, 0)) AS good,
        SUM(if(${c.value} > ${byVital((n) => THRESHOLDS[n][1])}, _sample_interval, 0)) AS poor
        FROM ${table}
        WHERE ${window} AND ${isVital}
        GROUP BY name`,
  },
  /** Each vital's page loads by bin of BIN_WIDTH: a few hundred rows at most, as POST /events bounds every value. */
  histogram: {
    sql: (table, window) =>
      `SELECT ${c.detail} AS name, intDiv(${c.value}, ${byVital((n) => BIN_WIDTH[n])}) AS bin, SUM(_sample_interval) AS n FROM ${table} WHERE ${window} AND ${isVital} GROUP BY name, bin`,
  },
  /** What each page's largest paint was. */
  lcpElements: {
    sql: (table, window) =>
      `SELECT ${c.route} AS route, ${c.element} AS element, SUM(_sample_interval) AS n
        FROM ${table}
        WHERE ${window} AND ${isVital} AND ${c.detail} = 'LCP' AND ${c.element} != ''
        GROUP BY route, element`,
  },
  /**
   * The moment that sells, timed twice: from the tap to the checkout's tab pointed at Shopify,
   * as shoppers' browsers saw it (checkout_ready, tapTimes below), and Shopify's cartCreate
   * inside it, as the Worker saw it (checkout_created, here). Rows from before these were
   * timed have none (0).
   */
  checkoutTimes: {
    sql: (table, window) =>
      `SELECT ${c.event} AS event, SUM(_sample_interval) AS n, quantileExactWeighted(0.5)(${c.ms}, _sample_interval) AS p50, quantileExactWeighted(0.75)(${c.ms}, _sample_interval) AS p75
        FROM ${table}
        WHERE ${window} AND ${c.event} = 'checkout_created' AND ${c.ms} > 0
        GROUP BY event`,
  },
  /**
   * The tap to the checkout's tab, counted only for a checkout the Worker made: a browser's
   * timing names its checkout (the cartKey the Worker answered it with), and each checkout
   * counts once, with its shortest timing, weighted as the checkout's
   * row. So no one can time a checkout they did not make, nor one twice, and the timings
   * never outnumber the checkouts created.
   */
  tapTimes: {
    sql: (table, window) =>
      `SELECT SUM(made) AS n, quantileExactWeighted(0.5)(ready, made) AS p50, quantileExactWeighted(0.75)(ready, made) AS p75
        FROM ${timedCheckouts(table, window)}
        WHERE made > 0 AND ready < ${UNTIMED}`,
  },
  /**
   * The same timings split in two, where the browser sent the split (checkout_ready's
   * `request`): the request, POST /checkout as the browser saw it (the phone's round trip to
   * the Worker, and cartCreate within it), and the rest, the shop's own code in the browser.
   */
  tapSplit: {
    sql: (table, window) =>
      `SELECT SUM(made) AS n, quantileExactWeighted(0.5)(request, made) AS requestP50,
        quantileExactWeighted(0.75)(request, made) AS requestP75, quantileExactWeighted(0.5)(ready - request, made) AS ownP50, quantileExactWeighted(0.75)(ready - request, made) AS ownP75
        FROM ${timedCheckouts(table, window)}
        WHERE made > 0 AND ready < ${UNTIMED} AND request > 0`,
  },
  /** Every tap-to-tab timing browsers sent: what tapTimes did not count was set aside. */
  tapTimesSent: {
    sql: (table, window) =>
      `SELECT SUM(_sample_interval) AS n FROM ${table} WHERE ${window} AND ${c.event} = 'checkout_ready' AND ${c.ms} > 0`,
  },
  /** The scheduled checkout check's outcomes ('ok' or the failure's class), by hour: its recent history. */
  checks: {
    sql: (table, window) =>
      `SELECT toStartOfHour(timestamp) AS hour, ${c.detail} AS outcome, SUM(_sample_interval) AS n FROM ${table} WHERE ${window} AND ${c.event} = 'health_check' GROUP BY hour, outcome`,
  },
  /**
   * Back and Forward by page: how many were restored whole from the back-forward cache and how
   * many loaded afresh, counted by their LCP (web-vitals reports one for each, its navigation
   * type `back-forward-cache` or `back-forward`).
   */
  backForward: {
    sql: (table, window) =>
      `SELECT ${c.route} AS route, ${c.navigation} AS navigation, SUM(_sample_interval) AS n
        FROM ${table}
        WHERE ${window} AND ${isVital} AND ${c.detail} = 'LCP' AND (${c.navigation} = 'back-forward' OR ${c.navigation} = 'back-forward-cache')
        GROUP BY route, navigation`,
  },
  /** Why Back or Forward loaded a page afresh, by page: Chromium's notRestoredReasons, a row a reason. */
  notRestored: {
    sql: (table, window) =>
      `SELECT ${c.route} AS route, ${c.detail} AS reason, SUM(_sample_interval) AS n FROM ${table} WHERE ${window} AND ${c.event} = 'not_restored' GROUP BY route, reason`,
  },
  byPage: vitalsBy('route'),
  byCountry: vitalsBy('country'),
  byDevice: vitalsBy('device'),
  byNavigation: vitalsBy('navigation'),
} satisfies Record<string, Query>

export type QueryName = keyof typeof QUERIES
export type Answers = Record<QueryName, Row[]>
