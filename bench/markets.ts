// `npm run bench:markets` (and the last step of `npm run bench`): the landing page for a
// shopper in the United States (the primary market) and one in Germany (its own page, in
// euros), each at the unprefixed address through the market loopback, in one run: LCP and
// first tap on a phone (4× CPU, slow 4G: bench/first-tap.ts), its critical JavaScript and
// the JavaScript it loads in all. Each round measures both, one after the other, so the
// machine's drift falls on both alike. Writes bench/markets-results.json.
import { writeFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import type { Browser } from 'playwright-core'
import { criticalJs, startShop, type Shop } from '../scripts/harness/shop.ts'
import { launchChromium, PHONE } from '../scripts/harness/chromium.ts'
import { startEdgeCompression } from './edge-compression.ts'
import { measureFirstTap } from './first-tap.ts'
import { median } from './median.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)
const UPSTREAM_LATENCY_MS = 80
const LANDING = '/'
const COUNTRIES = ['US', 'DE'] as const
const ORDER = { US: 'Only $38 – Order Now!', DE: 'Only €35 – Order Now!' } as const
// Lighthouse's mobile 'slow 4G' as DevTools applies it (the same as bench/first-tap.ts).
const PHONE_NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
}

const rounded = (values: number[]) => Math.round(median(values))

if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' })

type Country = (typeof COUNTRIES)[number]
const shops = {} as Record<Country, Shop>
const edges = {} as Record<Country, { origin: string; close: () => void }>
for (const country of COUNTRIES) {
  shops[country] = await startShop(
    {
      HTML_CACHE_SECONDS: '60',
      RENDER_DEADLINE_MS: '150',
      STOREFRONT_TIMEOUT_MS: '5000',
      LOCAL_SHOPPER_COUNTRY: country,
    },
    { dropAnalytics: true },
  )
  shops[country].double.latencyMs = UPSTREAM_LATENCY_MS
  edges[country] = await startEdgeCompression(shops[country].origin)
}
const browser = await launchChromium()

/** One load on a throttled phone: the JavaScript it fetched (gzip, as sent), having checked it is the country's page. */
async function load(browser: Browser, country: Country) {
  const context = await browser.newContext({ viewport: PHONE })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', PHONE_NETWORK)
  let jsBytes = 0
  const scripts = new Set<string>()
  cdp.on(
    'Network.loadingFinished',
    ({ encodedDataLength, requestId }) => scripts.has(requestId) && (jsBytes += encodedDataLength),
  )
  cdp.on('Network.responseReceived', ({ requestId, type }) => type === 'Script' && scripts.add(requestId))
  await page.goto(edges[country].origin + LANDING, { timeout: 60_000 })
  if ((await page.getByRole('button', { name: ORDER[country] }).count()) === 0)
    throw new Error(`${country}: the page is not its market's`)
  await page.waitForLoadState('networkidle')
  await context.close()
  return { jsBytes }
}

try {
  // Warm each shop's caches as the first visitors would (the market's page, the product and its prices there).
  for (const country of COUNTRIES) for (let i = 0; i < 3; i++) await load(browser, country)
  const figures = Object.fromEntries(
    COUNTRIES.map((country) => [
      country,
      { lcp: [] as number[], tap: [] as number[], live: [] as number[], js: [] as number[] },
    ]),
  )
  for (let round = 0; round < ROUNDS; round++) {
    for (const country of COUNTRIES) {
      const tap = await measureFirstTap(
        browser,
        edges[country].origin + LANDING,
        { selector: 'button[data-hold="buy:open-cart"]', effect: '[data-testid="cart-badge"]' },
        { runs: 1 },
      )
      figures[country]!.lcp.push(tap.lcpMs!)
      figures[country]!.tap.push(tap.firstWorkingTapMs)
      figures[country]!.live.push(tap.appLiveFromStartMs!)
      const loaded = await load(browser, country)
      figures[country]!.js.push(loaded.jsBytes)
    }
  }
  const critical = Object.fromEntries(
    await Promise.all(
      COUNTRIES.map(
        async (country) =>
          [
            country,
            (await criticalJs(shops[country], LANDING)).reduce(
              (total, body) => total + gzipSync(body, { level: 9 }).length,
              0,
            ),
          ] as const,
      ),
    ),
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
            lcpMs: rounded(f.lcp),
            firstTapMs: rounded(f.tap),
            appLiveFromStartMs: rounded(f.live),
            criticalJsGzip: critical[country],
            jsLoadedBytes: rounded(f.js),
            runs: f,
          },
        ]
      }),
    ),
  }
  const [us, de] = [results.landing.US!, results.landing.DE!]
  const ratios = {
    lcp: de.lcpMs / us.lcpMs,
    firstTap: de.firstTapMs / us.firstTapMs,
    criticalJs: de.criticalJsGzip! / us.criticalJsGzip!,
  }
  writeFileSync('bench/markets-results.json', `${JSON.stringify({ ...results, ratios }, null, 2)}\n`)
  console.log(`| figure (landing page, phone, 4× CPU, slow 4G; median of ${ROUNDS}) | US | DE | DE / US |`)
  console.log('|---|---|---|---|')
  console.log(`| LCP | ${us.lcpMs} ms | ${de.lcpMs} ms | ${ratios.lcp.toFixed(2)}× |`)
  console.log(
    `| first paint → the first tap's effect | ${us.firstTapMs} ms | ${de.firstTapMs} ms | ${ratios.firstTap.toFixed(2)}× |`,
  )
  console.log(`| navigation → app live | ${us.appLiveFromStartMs} ms | ${de.appLiveFromStartMs} ms | |`)
  console.log(
    `| critical JavaScript (gzip) | ${us.criticalJsGzip} B | ${de.criticalJsGzip} B | ${ratios.criticalJs.toFixed(2)}× |`,
  )
  console.log(`| JavaScript loaded in all (as sent) | ${us.jsLoadedBytes} B | ${de.jsLoadedBytes} B | |`)
} finally {
  await browser.close()
  for (const country of COUNTRIES) {
    edges[country]?.close()
    await shops[country]?.dispose()
  }
}
