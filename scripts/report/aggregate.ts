// What `npm run report` makes of the answers to its queries (src/analytics/queries.ts): the
// funnel and the vitals, already counted where the rows are, each row weighted by its
// `_sample_interval`. Pure, so tests can feed it answers.
import {
  CHECKOUT_OPENINGS,
  FUNNEL,
  VITALS,
  type FunnelStep,
  type VitalName,
} from '../../client/analytics/vocabulary.ts'
import { COUNTRY_FUNNEL, HISTOGRAM_BINS, REPORTED_VITALS, type Answers, type Row } from '../../src/analytics/queries.ts'

export type Percentile = { p75: number; count: number }
export type Report = {
  /** What the reader must know of the figures: a sampled window, or rows the store let go. */
  notes: string[]
  /** Beacons POST /events turned away (over the rate limit, too large, invalid), at least this many. */
  refusedBeacons: number
  funnel: { step: FunnelStep; count: number; conversion: number | null }[]
  /** Orders Shopify told of (orders/create): by the currency paid in and the checkout's market ('' for the unknown region, the primary market's), most first. */
  orders: { currency: string; market: string; count: number; blankets: number; revenue: number }[]
  /** Checkouts made in the window whose cart no order came for (yet): abandoned, or paid where the webhook is not set up. */
  checkoutsNotCompleted: number
  /** From the checkout made to its order, as the Worker saw both; null until an order came. */
  checkoutToOrder: { p50: number; p75: number; count: number } | null
  /**
   * Page views and orders by where the shopper came from ('direct' when nothing was kept) and
   * the campaign: the share of views that ordered, and the revenue in each currency. Most orders first.
   */
  sources: {
    source: string
    campaign: string
    views: number
    orders: number
    conversion: number | null
    revenue: Record<string, number>
  }[]
  /**
   * The funnel by country (Cloudflare's; '' where it named none), most page views first, and
   * whether the shop ships there (null when where it ships could not be read).
   */
  byCountry: ({ country: string; ships: boolean | null } & Record<(typeof COUNTRY_FUNNEL)[number], number>)[]
  checkoutFailures: Record<string, number>
  /**
   * Where timed checkouts opened (checkout_ready's `opened`: CHECKOUT_OPENINGS): their own tab,
   * or the shop's for an in-app browser, a blocked pop-up or a stuck tab; '(not said)' from pages served before it was sent.
   */
  checkoutOpened: Record<string, number>
  /** Each class's share of the checkouts shoppers started: where a partial failure shows, which no alert tells. */
  checkoutFailureShares: Record<string, number>
  /** The tap to the checkout's tab (browsers), split into the request and the shop's own code where the browser sent the split, and Shopify's cartCreate within the request (the Worker): each null until some checkout was timed. */
  checkoutTimes: Record<
    'tapToCheckout' | 'request' | 'shopCode' | 'cartCreate',
    { p50: number; p75: number; count: number } | null
  > & {
    /** Tap-to-tab timings browsers sent that name no checkout the Worker made, or one already timed. */
    setAside: number
  }
  vitals: Record<
    'byPage' | 'byCountry' | 'byDevice' | 'byNavigation',
    Record<string, Partial<Record<VitalName, Percentile>>>
  >
  /**
   * Back and Forward by page: restored whole from the back-forward cache, or loaded afresh,
   * the share restored, and Chromium's reasons for the ones it did not restore.
   */
  backForward: Record<
    string,
    { restored: number; loadedAgain: number; restoredShare: number | null; reasons: Record<string, number> }
  >
  /** Page loads by threshold, with the histogram: HISTOGRAM_BINS bins of BIN_WIDTH, then one for the rest. */
  distributions: Record<
    VitalName,
    { good: number; needsImprovement: number; poor: number; count: number; p75: number | null; bins: number[] }
  >
  lcpElements: Record<string, Record<string, number>>
  /**
   * The scheduled checkout check (every 5 minutes): how each hour's checks went ('ok' or a
   * failure's class), oldest first, and the alerts sent ('opened:<class>', 'recovered:<class>').
   */
  checks: { hours: { hour: string; outcomes: Record<string, number> }[]; alerts: Record<string, number> }
}

const num = (value: Row[string]) => Number(value ?? 0) || 0
const str = (value: Row[string]) => String(value ?? '')

/** Said whenever Analytics Engine kept fewer rows than events: its figures are estimates. */
function samplingNote(window: Row | undefined): string[] {
  const largest = num(window?.largest_interval)
  if (largest <= 1) return []
  const stored = num(window?.stored).toLocaleString('en')
  const events = Math.round(num(window?.n)).toLocaleString('en')
  return [
    `Sampled: the ${stored} rows stored for this window stand for ${events} events (one row for up to ${largest.toLocaleString('en')}). Counts and percentiles are estimates from the sample; a shorter --hours reads at a finer rate.`,
  ]
}

/** `shipsTo`: the countries the shop ships to (scripts/report/shipping.ts), or null when not known. */
export function aggregate(answers: Answers, notes: string[] = [], shipsTo: string[] | null = null): Report {
  const events = (event: string) => answers.events.filter((row) => str(row.event) === event)
  const count = (event: string) => events(event).reduce((total, row) => total + num(row.n), 0)
  const carts = answers.carts[0]
  const counts: Record<FunnelStep, number> = {
    page_view: count('page_view'),
    add_to_cart: count('add_to_cart'),
    cart_opened: count('cart_opened'),
    checkout_started: count('checkout_started'),
    checkout_created: num(carts?.created),
    order_created: num(carts?.ordered),
  }
  const funnel = FUNNEL.map((step, i) => {
    const before = i === 0 ? null : counts[FUNNEL[i - 1]!]
    return { step, count: counts[step], conversion: before ? counts[step] / before : null }
  })

  const checkoutFailures: Record<string, number> = {}
  for (const row of events('checkout_failed'))
    checkoutFailures[str(row.detail)] = (checkoutFailures[str(row.detail)] ?? 0) + num(row.n)

  const opened = (where: string) =>
    events('checkout_ready')
      .filter((row) => str(row.detail) === where)
      .reduce((total, row) => total + num(row.n), 0)
  // In the vocabulary's order, then the pages that did not say.
  const checkoutOpened = Object.fromEntries(
    [...CHECKOUT_OPENINGS, ''].flatMap((where) => {
      const n = opened(where)
      return n > 0 ? [[where || '(not said)', n]] : []
    }),
  )

  const [tap] = answers.tapTimes
  const tapped = tap && num(tap.n) > 0 ? { p50: num(tap.p50), p75: num(tap.p75), count: num(tap.n) } : null
  // Of the timings that came split: the request, and the rest (the shop's code in the browser).
  const [split] = answers.tapSplit
  const splitBy = (p50: string, p75: string) =>
    split && num(split.n) > 0 ? { p50: num(split[p50]), p75: num(split[p75]), count: num(split.n) } : null
  const timed = (event: string) => {
    const row = answers.checkoutTimes.find((r) => str(r.event) === event)
    return row && num(row.n) > 0 ? { p50: num(row.p50), p75: num(row.p75), count: num(row.n) } : null
  }

  const breakdown = (answer: Row[]) => {
    const groups: Record<string, Partial<Record<VitalName, Percentile>>> = {}
    for (const row of answer) {
      const name = str(row.name)
      if (!(REPORTED_VITALS as readonly string[]).includes(name)) continue
      const part = str(row.part) || '(unknown)'
      groups[part] ??= {}
      groups[part][name as VitalName] = { p75: num(row.p75), count: num(row.n) }
    }
    return groups
  }

  const distributions = Object.fromEntries(
    VITALS.map((name) => {
      const row = answers.vitals.find((r) => str(r.name) === name)
      const [total, good, poor] = [num(row?.n), num(row?.good), num(row?.poor)]
      const bins = new Array<number>(HISTOGRAM_BINS + 1).fill(0)
      for (const bin of answers.histogram)
        if (str(bin.name) === name) bins[Math.min(HISTOGRAM_BINS, Math.max(0, num(bin.bin)))]! += num(bin.n)
      return [
        name,
        {
          good,
          needsImprovement: total - good - poor,
          poor,
          count: total,
          p75: row && total > 0 ? num(row.p75) : null,
          bins,
        },
      ]
    }),
  ) as Report['distributions']

  const countries = new Map<string, Report['byCountry'][number]>()
  for (const row of answers.funnelByCountry) {
    const country = str(row.country)
    const counts = countries.get(country) ?? {
      country,
      ships: shipsTo && country ? shipsTo.includes(country) : null,
      page_view: 0,
      add_to_cart: 0,
      checkout_started: 0,
      checkout_created: 0,
    }
    const event = str(row.event)
    if ((COUNTRY_FUNNEL as readonly string[]).includes(event))
      counts[event as (typeof COUNTRY_FUNNEL)[number]] += num(row.n)
    countries.set(country, counts)
  }
  const byCountry = [...countries.values()].sort(
    (a, b) => b.page_view - a.page_view || a.country.localeCompare(b.country),
  )

  const lcpElements: Report['lcpElements'] = {}
  for (const row of answers.lcpElements) {
    const route = str(row.route)
    lcpElements[route] ??= {}
    lcpElements[route][str(row.element)] = num(row.n)
  }

  const hours = new Map<string, Record<string, number>>()
  for (const row of answers.checks) {
    const outcomes = hours.get(str(row.hour)) ?? {}
    outcomes[str(row.outcome)] = (outcomes[str(row.outcome)] ?? 0) + num(row.n)
    hours.set(str(row.hour), outcomes)
  }
  const alerts: Record<string, number> = {}
  for (const row of events('alert')) alerts[str(row.detail)] = (alerts[str(row.detail)] ?? 0) + num(row.n)

  const [orderTime] = answers.orderTimes
  return {
    notes: [...samplingNote(answers.window[0]), ...notes],
    refusedBeacons: events('beacon_refused').reduce((total, row) => total + num(row.total), 0),
    funnel,
    orders: answers.orders
      .map((row) => ({
        currency: str(row.currency),
        market: str(row.market),
        count: num(row.n),
        blankets: num(row.blankets),
        revenue: num(row.revenue),
      }))
      .sort((a, b) => b.count - a.count || a.currency.localeCompare(b.currency) || a.market.localeCompare(b.market)),
    checkoutsNotCompleted: Math.max(0, counts.checkout_created - counts.order_created),
    checkoutToOrder:
      orderTime && num(orderTime.n) > 0
        ? { p50: num(orderTime.p50), p75: num(orderTime.p75), count: num(orderTime.n) }
        : null,
    sources: sources(answers),
    byCountry,
    checkoutFailures,
    checkoutOpened,
    checkoutFailureShares: Object.fromEntries(
      Object.entries(checkoutFailures).map(([failure, n]) => [
        failure,
        counts.checkout_started > 0 ? n / counts.checkout_started : 0,
      ]),
    ),
    checkoutTimes: {
      tapToCheckout: tapped,
      request: splitBy('requestP50', 'requestP75'),
      shopCode: splitBy('ownP50', 'ownP75'),
      cartCreate: timed('checkout_created'),
      setAside: Math.max(0, num(answers.tapTimesSent[0]?.n) - (tapped?.count ?? 0)),
    },
    backForward: backForward(answers),
    vitals: {
      byPage: breakdown(answers.byPage),
      byCountry: breakdown(answers.byCountry),
      byDevice: breakdown(answers.byDevice),
      byNavigation: breakdown(answers.byNavigation),
    },
    distributions,
    lcpElements,
    checks: {
      hours: [...hours].sort(([a], [b]) => a.localeCompare(b)).map(([hour, outcomes]) => ({ hour, outcomes })),
      alerts,
    },
  }
}

function sources(answers: Answers): Report['sources'] {
  const revenue = new Map<string, Record<string, number>>()
  const key = (row: Row) => `${str(row.source) || 'direct'}\u0000${str(row.campaign)}`
  for (const row of answers.sourceRevenue) {
    const byCurrency = revenue.get(key(row)) ?? {}
    byCurrency[str(row.currency)] = (byCurrency[str(row.currency)] ?? 0) + num(row.revenue)
    revenue.set(key(row), byCurrency)
  }
  const groups = new Map<string, Report['sources'][number]>()
  for (const row of answers.sources) {
    const group = groups.get(key(row)) ?? {
      source: str(row.source) || 'direct',
      campaign: str(row.campaign),
      views: 0,
      orders: 0,
      conversion: null,
      revenue: revenue.get(key(row)) ?? {},
    }
    group.views += num(row.views)
    group.orders += num(row.orders)
    groups.set(key(row), group)
  }
  for (const group of groups.values()) group.conversion = group.views > 0 ? group.orders / group.views : null
  return [...groups.values()].sort(
    (a, b) => b.orders - a.orders || b.views - a.views || a.source.localeCompare(b.source),
  )
}

function backForward(answers: Answers): Report['backForward'] {
  const pages: Report['backForward'] = {}
  const page = (route: string) =>
    (pages[route || '(unknown)'] ??= { restored: 0, loadedAgain: 0, restoredShare: null, reasons: {} })
  for (const row of answers.backForward) {
    const counts = page(str(row.route))
    if (str(row.navigation) === 'back-forward-cache') counts.restored += num(row.n)
    else counts.loadedAgain += num(row.n)
  }
  for (const row of answers.notRestored) {
    const reasons = page(str(row.route)).reasons
    const reason = str(row.reason) || '(none named)'
    reasons[reason] = (reasons[reason] ?? 0) + num(row.n)
  }
  for (const counts of Object.values(pages)) {
    const all = counts.restored + counts.loadedAgain
    counts.restoredShare = all > 0 ? counts.restored / all : null
  }
  return pages
}
