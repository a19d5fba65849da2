// `npm run report -- --html FILE`: one self-contained page (inline CSS and SVG, no script,
// nothing fetched) with the funnel and each vital's distribution drawn.
import { VITALS, type VitalName } from '../../client/analytics/vocabulary.ts'
import { BIN_WIDTH, HISTOGRAM_BINS, REPORTED_VITALS, THRESHOLDS } from '../../src/analytics/queries.ts'
import type { Report } from './aggregate.ts'
import {
  checkHistory,
  checkoutTimes,
  formatVital,
  funnelByCountry,
  orders,
  percent,
  sources,
  STEP_NAMES,
} from './text.ts'

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
const COLOURS = { good: '#0c7c59', needsImprovement: '#c77d00', poor: '#c0392b' }

function funnelChart(report: Report): string {
  const top = Math.max(1, ...report.funnel.map((s) => s.count))
  const rows = report.funnel.map(({ step, count, conversion }, i) => {
    const y = i * 34
    const width = Math.max(2, (count / top) * 420)
    return `<text x="0" y="${y + 21}">${escapeHtml(STEP_NAMES[step])}</text><rect x="200" y="${y + 6}" width="${width.toFixed(1)}" height="22" rx="3" fill="#c2410c"/><text x="${(208 + width).toFixed(1)}" y="${y + 21}">${Math.round(count)}${conversion === null ? '' : ` · ${percent(conversion)}`}</text>`
  })
  return `<svg viewBox="0 0 760 ${report.funnel.length * 34}" role="img" aria-label="The funnel">${rows.join('')}</svg>`
}

/**
 * A histogram of one vital's page loads, coloured by its thresholds, with its p75 marked;
 * the last bar holds everything from one and a half times the poor threshold up.
 */
function distributionChart(name: VitalName, report: Report): string {
  const { bins, p75, count } = report.distributions[name]
  if (count === 0) return `<p>No ${name} yet.</p>`
  const [good, poor] = THRESHOLDS[name]
  const width = BIN_WIDTH[name]
  const tallest = Math.max(...bins)
  const bars = bins.map((h, i) => {
    const from = i * width
    const fill = from < good ? COLOURS.good : from < poor ? COLOURS.needsImprovement : COLOURS.poor
    const height = (h / tallest) * 120
    return `<rect x="${i * 19 + 1}" y="${(130 - height).toFixed(1)}" width="17" height="${height.toFixed(1)}" fill="${fill}"/>`
  })
  const p75x = ((Math.min(p75!, HISTOGRAM_BINS * width) / width) * 19).toFixed(1)
  return `<svg viewBox="0 0 600 160" role="img" aria-label="${name} distribution">${bars.join('')}<line x1="${p75x}" x2="${p75x}" y1="0" y2="130" stroke="#111" stroke-dasharray="4 3"/><text x="${p75x}" y="150">p75 ${escapeHtml(formatVital(name, p75!))}</text><text x="520" y="150">${escapeHtml(formatVital(name, HISTOGRAM_BINS * width))}+</text></svg>`
}

function shares(name: VitalName, report: Report): string {
  const d = report.distributions[name]
  if (d.count === 0) return ''
  return `<p class="shares">${(['good', 'needsImprovement', 'poor'] as const).map((k) => `<span style="color:${COLOURS[k]}">${k === 'needsImprovement' ? 'needs improvement' : k} ${percent(d[k] / d.count)}</span>`).join(' · ')} of ${Math.round(d.count)} page loads</p>`
}

function table(title: string, groups: Report['vitals']['byPage']): string {
  const rows = Object.entries(groups).map(
    ([group, vitals]) =>
      `<tr><th>${escapeHtml(group)}</th>${REPORTED_VITALS.map((n) => `<td>${vitals[n] ? `${escapeHtml(formatVital(n, vitals[n].p75))} <small>(${vitals[n].count})</small>` : '–'}</td>`).join('')}</tr>`,
  )
  return `<h3>p75 ${escapeHtml(title)}</h3><table><tr><th></th>${REPORTED_VITALS.map((n) => `<th>${n}</th>`).join('')}</tr>${rows.join('') || '<tr><td colspan="4">No vitals yet.</td></tr>'}</table>`
}

export function asHtml(report: Report, heading: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(heading)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;color:#222;max-width:820px;margin:2rem auto;padding:0 1rem}svg{width:100%;height:auto;font-size:13px}table{border-collapse:collapse;margin-bottom:1rem}td,th{padding:.25rem .75rem;text-align:left;border-bottom:1px solid #ddd}.shares{margin:.25rem 0 1.5rem}</style></head><body>
<h1>${escapeHtml(heading)}</h1>
${report.notes.map((note) => `<p><strong>${escapeHtml(note)}</strong></p>`).join('')}
<p>Beacons refused (over the rate limit, too large or invalid): at least ${Math.round(report.refusedBeacons)}</p>
<h2>Funnel</h2>${funnelChart(report)}
<h2>Orders</h2><pre>${escapeHtml(orders(report).join('\n'))}</pre>
<h2>Where shoppers came from</h2><pre>${escapeHtml(sources(report).join('\n'))}</pre>
<h2>By country</h2><pre>${escapeHtml(funnelByCountry(report).join('\n'))}</pre>
<h2>Checkout, from the tap</h2><pre>${escapeHtml(checkoutTimes(report).slice(1).join('\n'))}</pre>
<h2>Checkout checks</h2><pre>${escapeHtml(checkHistory(report).join('\n'))}</pre>
<h2>Core Web Vitals from shoppers' browsers</h2>
${VITALS.map((name) => `<h3>${name}</h3>${distributionChart(name, report)}${shares(name, report)}`).join('\n')}
${table('by page', report.vitals.byPage)}${table('by country', report.vitals.byCountry)}${table('by device', report.vitals.byDevice)}${table('by how the page began', report.vitals.byNavigation)}
</body></html>
`
}
