// The report as a terminal shows it.
import type { VitalName } from '../../client/analytics/vocabulary.ts'
import { REPORTED_VITALS } from '../../src/analytics/queries.ts'
import type { Report } from './aggregate.ts'

export const STEP_NAMES = {
  page_view: 'page views',
  add_to_cart: 'added to cart',
  cart_opened: 'cart opened',
  checkout_started: 'checkout started (Worker)',
  checkout_created: 'checkout created (Worker)',
  order_created: 'ordered (Shopify)',
} as const

export const formatVital = (name: VitalName, value: number) =>
  name === 'CLS' ? value.toFixed(3) : `${Math.round(value)} ms`
export const percent = (share: number | null) => (share === null ? '' : `${(share * 100).toFixed(1)}%`)

export function asText(report: Report, heading: string): string {
  const lines = [
    heading,
    ...report.notes.map((note) => `\n! ${note}`),
    '',
    'Funnel                          count   of the step before',
  ]
  for (const { step, count, conversion } of report.funnel)
    lines.push(`  ${STEP_NAMES[step].padEnd(28)}${String(Math.round(count)).padStart(7)}   ${percent(conversion)}`)
  lines.push('', ...orders(report), '', ...sources(report))
  lines.push('', ...funnelByCountry(report))
  lines.push(
    '',
    `Beacons refused (over the rate limit, too large or invalid): at least ${Math.round(report.refusedBeacons)}`,
  )
  const failures = Object.entries(report.checkoutFailures)
  if (failures.length > 0)
    lines.push(
      '',
      `Checkout failures (share of checkouts started): ${failures.map(([reason, n]) => `${reason} ${n} (${percent(report.checkoutFailureShares[reason] ?? null)})`).join(', ')}`,
    )
  lines.push('', ...checkoutTimes(report))
  lines.push('', ...checkHistory(report))
  lines.push('', ...backAndForward(report))
  for (const [title, groups] of [
    ['by page', report.vitals.byPage],
    ['by country', report.vitals.byCountry],
    ['by device', report.vitals.byDevice],
    ['by how the page began', report.vitals.byNavigation],
  ] as const) {
    lines.push('', `p75 ${title} (page loads)`.padEnd(32) + REPORTED_VITALS.map((n) => n.padEnd(18)).join(''))
    const entries = Object.entries(groups)
    if (entries.length === 0) lines.push('  (no vitals yet)')
    for (const [group, vitals] of entries) {
      lines.push(
        `  ${group.padEnd(30)}` +
          REPORTED_VITALS.map((n) =>
            (vitals[n] ? `${formatVital(n, vitals[n].p75)} (${vitals[n].count})` : '–').padEnd(18),
          ).join(''),
      )
    }
  }
  return lines.map((line) => line.trimEnd()).join('\n')
}

/** Back and Forward by page: the share restored from the back-forward cache, and why the rest were not. */
export function backAndForward({ backForward }: Report): string[] {
  const pages = Object.entries(backForward)
  if (pages.length === 0) return ['Back and Forward: none yet']
  return [
    'Back and Forward                restored whole from the back-forward cache',
    ...pages.map(([route, { restored, loadedAgain, restoredShare, reasons }]) => {
      const why = Object.entries(reasons)
        .sort(([, a], [, b]) => b - a)
        .map(([reason, n]) => `${reason} ${Math.round(n)}`)
      return `  ${route.padEnd(30)}${Math.round(restored)} of ${Math.round(restored + loadedAgain)} (${percent(restoredShare)})${why.length ? `; not restored for: ${why.join(', ')}` : ''}`
    }),
  ]
}

/**
 * The moment that sells: the tap to Shopify's checkout; of it, the request and the shop's own
 * code in the browser (from the browsers that sent the split); and cartCreate within the request.
 */
export function checkoutTimes({ checkoutTimes: times, checkoutOpened }: Report): string[] {
  const opened = Object.entries(checkoutOpened)
  const line = (title: string, time: Report['checkoutTimes']['cartCreate']) =>
    `  ${title.padEnd(44)}${time ? `median ${Math.round(time.p50)} ms, p75 ${Math.round(time.p75)} ms (${Math.round(time.count)})` : '(none timed yet)'}`
  return [
    'Checkout, from the tap',
    line('tap to the checkout’s tab (browsers)', times.tapToCheckout),
    line('  of it, POST /checkout (browsers)', times.request),
    line('  of it, the shop’s code in the browser', times.shopCode),
    line('Shopify’s cartCreate, within the POST (Worker)', times.cartCreate),
    ...(times.setAside > 0
      ? [
          `  set aside: ${Math.round(times.setAside)} tap timings that name no checkout the Worker made, or one already timed`,
        ]
      : []),
    ...(opened.length > 0
      ? [
          `  opened in (tab: its own; in-app, blocked, stuck: the shop’s tab): ${opened.map(([where, n]) => `${where} ${Math.round(n)}`).join(', ')}`,
        ]
      : []),
  ]
}

/** The scheduled checkout check's recent history, an hour a line, and the alerts it sent. */
export function checkHistory(report: Report): string[] {
  const { hours, alerts } = report.checks
  if (hours.length === 0)
    return ['Checkout checks: none in this window (the Cron Trigger runs every 5 minutes once deployed)']
  const lines = ['Checkout checks (every 5 minutes), by hour (UTC)']
  for (const { hour, outcomes } of hours)
    lines.push(
      `  ${hour.slice(0, 16)}  ${Object.entries(outcomes)
        .map(([outcome, n]) => `${outcome} ${n}`)
        .join(', ')}`,
    )
  const sent = Object.entries(alerts)
  lines.push(`Alerts sent: ${sent.length === 0 ? 'none' : sent.map(([kind, n]) => `${kind} ${n}`).join(', ')}`)
  return lines
}

const money = (amount: number, currency: string) =>
  new Intl.NumberFormat('en', { style: 'currency', currency: currency || 'XXX' }).format(amount)

/** Orders and revenue by currency and market, checkouts not completed, and the checkout to its order. */
export function orders(report: Report): string[] {
  const lines = ['Orders (Shopify’s orders/create)   market  orders  blankets  revenue']
  if (report.orders.length === 0) lines.push('  (no orders yet)')
  for (const row of report.orders)
    lines.push(
      `  ${row.currency.padEnd(33)}${(row.market || 'ZZ').padEnd(8)}${String(Math.round(row.count)).padStart(6)}${String(Math.round(row.blankets)).padStart(10)}  ${money(row.revenue, row.currency)}`,
    )
  lines.push(`Checkouts not completed: ${Math.round(report.checkoutsNotCompleted)}`)
  const time = report.checkoutToOrder
  const count = Math.round(time?.count ?? 0)
  lines.push(
    time
      ? `Checkout to order: p50 ${duration(time.p50)}, p75 ${duration(time.p75)} (${count} ${count === 1 ? 'order' : 'orders'})`
      : 'Checkout to order: no orders yet',
  )
  return lines
}

/** Seconds under two minutes, then minutes, then hours: a buyer takes anything from seconds to days. */
const duration = (ms: number) =>
  ms < 120_000
    ? `${Math.round(ms / 1000)} s`
    : ms < 7_200_000
      ? `${Math.round(ms / 60_000)} min`
      : `${(ms / 3_600_000).toFixed(1)} h`

/** Where shoppers came from: views, orders, the share of views that ordered, revenue. */
export function sources(report: Report): string[] {
  const lines = ['Where shoppers came from (source / campaign)   views  orders  of views  revenue']
  if (report.sources.length === 0) lines.push('  (no page views or orders yet)')
  for (const row of report.sources) {
    const name = row.campaign ? `${row.source} / ${row.campaign}` : row.source
    const revenue = Object.entries(row.revenue)
      .map(([currency, amount]) => money(amount, currency))
      .join(', ')
    lines.push(
      `  ${name.slice(0, 44).padEnd(44)}${String(Math.round(row.views)).padStart(7)}${String(Math.round(row.orders)).padStart(8)}${percent(row.conversion).padStart(10)}  ${revenue}`,
    )
  }
  return lines
}

/** Page views, order taps and checkouts by country, and the countries that came but cannot be shipped to. */
export function funnelByCountry({ byCountry }: Report): string[] {
  if (byCountry.length === 0) return ['By country: no page views, order taps or checkouts yet']
  const lines = ['By country (Cloudflare’s)          page views  order taps  checkouts started  created']
  for (const row of byCountry) {
    const name = `${row.country || '(unknown)'}${row.ships === false ? ' (not shipped to)' : ''}`
    lines.push(
      `  ${name.padEnd(34)}${[row.page_view, row.add_to_cart, row.checkout_started, row.checkout_created].map((n, i) => String(Math.round(n)).padStart([10, 12, 19, 9][i]!)).join('')}`,
    )
  }
  const unserved = byCountry.filter((row) => row.ships === false)
  if (byCountry.some((row) => row.ships === null && row.country))
    lines.push('Where the shop ships is not known here, so no country is marked (scripts/report/shipping.ts).')
  else
    lines.push(
      unserved.length === 0
        ? 'Every country that came is shipped to.'
        : `Came, but not shipped to: ${unserved.map(describeUnserved).join('; ')}`,
    )
  return lines
}

export const describeUnserved = (row: Report['byCountry'][number]) =>
  `${row.country} (${Math.round(row.page_view)} page views, ${Math.round(row.add_to_cart)} order taps, ${Math.round(row.checkout_created)} checkouts)`
