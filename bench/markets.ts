// `npm run bench:markets` (and the last step of `npm run bench`): the landing page for a
// shopper in the United States (the primary market: no line) and one in Germany (the line
// 'Ships to Germany · €35.00 at checkout'), in one run: its LCP and first tap on a phone
// (4× CPU, slow 4G: bench/first-tap.ts), its critical JavaScript, the JavaScript it loads in
// all, and in Germany how long after the start of the navigation the line is read. Each
// round measures both, one after the other, so the machine's drift falls on both alike.
// Writes bench/markets-results.json.
import { writeFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { criticalJs, startShop, type Shop } from '../scripts/harness/shop.ts'
import { launchChromium, PHONE } from '../scripts/harness/chromium.ts'
import { startEdgeCompression } from './edge-compression.ts'
import { measureFirstTap } from './first-tap.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const UPSTREAM_LATENCY_MS = 80
const LANDING = '/'
const COUNTRIES = ['US', 'DE'] as const
const LINE = { US: null, DE: 'Ships to Germany · €35.00 at checkout' } as const
// Lighthouse's mobile 'slow 4G' as DevTools applies it (the same as bench/first-tap.ts).
const PHONE_NETWORK = { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 }

const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!)

if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' })

type Country = (typeof COUNTRIES)[number]
const shops = {} as Record<Country, Shop>
const edges = {} as Record<Country, { origin: string; close: () => void }>
for (const country of COUNTRIES) {
  shops[country] = await startShop({ HTML_CACHE_SECONDS: '60', RENDER_DEADLINE_MS: '150', STOREFRONT_TIMEOUT_MS: '5000', LOCAL_SHOPPER_COUNTRY: country }, { dropAnalytics: true })
  shops[country].double.latencyMs = UPSTREAM_LATENCY_MS
  edges[country] = await startEdgeCompression(shops[country].origin)
}
const browser = await launchChromium()

/** One load on a throttled phone: the JavaScript it fetched (gzip, as sent) and, where there is a line, when it was read. */
async function load(browser: Browser, country: Country) {
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK)
  let jsBytes = 0
  const scripts = new Set<string>()
  cdp.on('Network.loadingFinished', ({ encodedDataLength, requestId }) => scripts.has(requestId) && (jsBytes += encodedDataLength))
  cdp.on('Network.responseReceived', ({ requestId, type }) => type === 'Script' && scripts.add(requestId))
  await page.goto(edges[country].origin + LANDING, { timeout: 60_000 })
  const line = LINE[country]
  let lineMs: number | null = null
  if (line) {
    await page.getByRole('status').filter({ hasText: line }).waitFor({ timeout: 60_000 })
    lineMs = await page.evaluate(() => performance.now())
  } else {
    // The line has taken the shop's answer, and says nothing.
    await page.locator('[data-testid="market-line"][data-answered="true"]').first().waitFor({ state: 'attached', timeout: 60_000 })
    if (await page.getByTestId('market-line').first().textContent()) throw new Error('a line in the primary market')
  }
  await page.waitForLoadState('networkidle')
  await context.close()
  return { jsBytes, lineMs }
}

try {
  // Warm each shop's caches as the first visitors would (pages, product, the country's answer).
  for (const country of COUNTRIES) for (let i = 0; i < 3; i++) await load(browser, country)
  const figures = Object.fromEntries(COUNTRIES.map((country) => [country, { lcp: [] as number[], tap: [] as number[], live: [] as number[], js: [] as number[], line: [] as number[] }]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const country of COUNTRIES) {
      const tap = await measureFirstTap(browser, edges[country].origin + LANDING, { selector: 'button[data-hold="buy:open-cart"]', effect: '[data-testid="cart-badge"]' }, { runs: 1 })
      figures[country]!.lcp.push(tap.lcpMs!)
      figures[country]!.tap.push(tap.firstWorkingTapMs)
      figures[country]!.live.push(tap.appLiveFromStartMs!)
      const loaded = await load(browser, country)
      figures[country]!.js.push(loaded.jsBytes)
      if (loaded.lineMs !== null) figures[country]!.line.push(loaded.lineMs)
    }
  }
  const critical = Object.fromEntries(
    await Promise.all(COUNTRIES.map(async (country) => [country, (await criticalJs(shops[country], LANDING)).reduce((total, body) => total + gzipSync(body, { level: 9 }).length, 0)] as const)),
  )
  const results = {
    date: new Date().toISOString(),
    commit: execFileSync('git', ['rev-parse', '--short', 'HEAD']).toString().trim(),
    rounds: ROUNDS,
    landing: Object.fromEntries(
      COUNTRIES.map((country) => {
        const f = figures[country]!
        return [
          country,
          {
            lcpMs: median(f.lcp),
            firstTapMs: median(f.tap),
            appLiveFromStartMs: median(f.live),
            criticalJsGzip: critical[country],
            jsLoadedBytes: median(f.js),
            lineReadFromStartMs: f.line.length ? median(f.line) : null,
            runs: f,
          },
        ]
      }),
    ),
  }
  const [us, de] = [results.landing.US!, results.landing.DE!]
  const ratios = { lcp: de.lcpMs / us.lcpMs, firstTap: de.firstTapMs / us.firstTapMs, criticalJs: de.criticalJsGzip! / us.criticalJsGzip! }
  writeFileSync('bench/markets-results.json', JSON.stringify({ ...results, ratios }, null, 2) + '\n')
  console.log(`| figure (landing page, phone, 4× CPU, slow 4G; median of ${ROUNDS}) | US | DE | DE / US |`)
  console.log('|---|---|---|---|')
  console.log(`| LCP | ${us.lcpMs} ms | ${de.lcpMs} ms | ${ratios.lcp.toFixed(2)}× |`)
  console.log(`| first paint → the first tap's effect | ${us.firstTapMs} ms | ${de.firstTapMs} ms | ${ratios.firstTap.toFixed(2)}× |`)
  console.log(`| navigation → app live | ${us.appLiveFromStartMs} ms | ${de.appLiveFromStartMs} ms | |`)
  console.log(`| critical JavaScript (gzip) | ${us.criticalJsGzip} B | ${de.criticalJsGzip} B | ${ratios.criticalJs.toFixed(2)}× |`)
  console.log(`| JavaScript loaded in all (as sent) | ${us.jsLoadedBytes} B | ${de.jsLoadedBytes} B | |`)
  console.log(`| navigation → the line read | – | ${de.lineReadFromStartMs} ms | |`)
} finally {
  await browser.close()
  for (const country of COUNTRIES) {
    edges[country]?.close()
    await shops[country]?.dispose()
  }
}
