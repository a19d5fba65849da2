// `npm run bench`: the shop measured against the ceiling of its own runtime, all in one run.
// Builds the production bundle, runs it in workerd with the Storefront double answering
// after a realistic 80 ms, and writes bench/results.{json,md} and the tables in bench/README.md.
import autocannon from 'autocannon'
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { extname, join } from 'node:path'
import os from 'node:os'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { blanket } from '../storefront-double/catalog.ts'
import { appModules, criticalJs, startShop } from '../scripts/harness/shop.ts'
import { chromiumArgs, chromiumPath, launchChromium } from '../scripts/harness/chromium.ts'
import { ratchetBudget } from './budget.ts'
import { measureFirstTap, type FirstTap } from './first-tap.ts'
import { measurePictures, SCREENS, type PictureFigures } from './pictures.ts'
import { startEdgeCompression } from './edge-compression.ts'
import { startScriptFreeCopy } from './script-free-copy.ts'
import { startReferencePages } from './reference-pages.ts'
import { measureTap } from './interaction.ts'
import { median } from './median.ts'

const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'
const PAGES = { landing: '/', product: '/product/toddler-blanket' } as const
const UPSTREAM_LATENCY_MS = 80
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 8)
// Five, not three: the same script-free page's main-thread work spreads over about 150 ms from
// run to run, and a target such as 0.7x of a reference (the page itself, issue 31) cannot be
// read off three (bench/README.md, 'The page itself against its copy from before').
const LIGHTHOUSE_RUNS = 5
// Lighthouse's default 4× CPU slowdown assumes a high-end desktop (benchmarkIndex 1500-2000)
// and turns it into a mid-tier phone. Its own docs (the Lighthouse repository's throttling page, 'Calibrating the CPU
// slowdown') put an index of 800-1500, this machine's, at 'high-end mobile' or 'low-end
// desktop', and recommend 2× to emulate the same mid-tier phone from there.
const CALIBRATED_CPU_SLOWDOWN = 2
const SCRIPT_FREE = ' without its scripts'
const BEFORE = ', before'
const ONE_HEADING = 'one heading, the same headers'
// The JavaScript each page loaded in Chromium (gzip) when the shop still drew its pictures as
// 6 KB drawings, before real photographs came: a page's JavaScript must not grow past it.
const JS_LOADED_BEFORE_PHOTOGRAPHS_GZIP: Record<string, number> = { landing: 101 * 1024, product: 84.7 * 1024 }

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10
const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10

if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' })

// Production settings, not the test defaults.
// The field analytics' writes are dropped, as Analytics Engine's cost a deployed request nothing:
// the local stand-in, which keeps them in the Worker's memory, is no part of production.
const shop = await startShop(
  { HTML_CACHE_SECONDS: '60', RENDER_DEADLINE_MS: '150', STOREFRONT_TIMEOUT_MS: '5000' },
  { inspect: true, dropAnalytics: true },
)
shop.double.latencyMs = UPSTREAM_LATENCY_MS
const browserHeaders = { 'User-Agent': BROWSER_UA, 'Accept-Encoding': 'gzip, br' }

try {
  // Warm both caches (product data and HTML) the way the first visitors would.
  for (const path of Object.values(PAGES))
    for (let i = 0; i < 5; i++) await (await shop.fetch(path, { headers: browserHeaders })).text()
  // And the Shopify CDN's copies of the product's pictures at every width a page offers, as
  // Shopify's edge holds them for a product people visit: the double makes each the first
  // time it is asked for (tens to hundreds of milliseconds), which no shopper of a live shop
  // waits for.
  for (const path of Object.values(PAGES)) {
    const html = await (await shop.fetch(path, { headers: browserHeaders })).text()
    const listed = [...html.matchAll(/(?:src|srcSet|imageSrcSet)="([^"]+)"/g)].flatMap((m) =>
      m[1]!
        .replaceAll('&amp;', '&')
        .split(', ')
        .map((entry) => entry.split(' ')[0]!),
    )
    const pictures = new Set(listed.filter((url) => url.includes('/cdn/shop/')))
    for (const url of pictures)
      await (
        await fetch(url, { headers: { Accept: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8' } })
      ).arrayBuffer()
  }

  // What Cloudflare's edge adds in front of the deployed shop and workerd does not: compression.
  const edge = await startEdgeCompression(shop.origin)

  // 1. Throughput and latency, against a static asset served by the same Worker.
  const STATIC = '/favicon.svg'
  const load: Record<string, Record<number, { rps: number; p50: number; p99: number; errors: number }>> = {}
  for (const [name, path] of [
    ['static', STATIC],
    ['landing', PAGES.landing],
    ['product', PAGES.product],
  ] as const) {
    load[name] = {}
    for (const connections of [1, 10]) {
      load[name]![connections] = await loadRun(shop.origin + path, connections)
    }
  }
  // Cache busting: the product page under a new query string on every request, as an
  // outsider would send it to make each one a miss (src/canonical-pages.ts). Its ratio to the
  // canonical URL comes from three pairs measured back to back at 10 connections, so the
  // machine's drift between two runs minutes apart does not decide it.
  const randomQuery = (request: autocannon.Request) => ({
    ...request,
    path: `${PAGES.product}?utm_source=${Math.random().toString(36).slice(2)}`,
  })
  load['product, random query'] = {}
  for (const connections of [1, 10])
    load['product, random query']![connections] = await loadRun(shop.origin + PAGES.product, connections, randomQuery)
  const bustingPairs: { canonical: number; busting: number }[] = []
  for (let pair = 0; pair < 3; pair++) {
    const canonical = (await loadRun(shop.origin + PAGES.product, 10)).rps
    bustingPairs.push({ canonical, busting: (await loadRun(shop.origin + PAGES.product, 10, randomQuery)).rps })
  }
  const bustingRatio = median(bustingPairs.map((p) => p.busting / p.canonical))

  // 2. Cold fan-in: 200 concurrent shoppers ask for a product no cache has seen.
  shop.double.products.set('fan-in-blanket', { ...blanket(), handle: 'fan-in-blanket' })
  const fanIn = await Promise.all(
    Array.from({ length: 200 }, () =>
      shop.fetch('/product/fan-in-blanket', { headers: browserHeaders }).then((r) => r.text().then(() => r.status)),
    ),
  )
  const fanInCalls = shop.double
    .callsOf('ProductByHandle')
    .filter((c) => c.variables.handle === 'fan-in-blanket').length

  // 3. Bytes each page costs.
  const bytes: Record<string, Record<string, number>> = {}
  const criticalModules: Record<string, string[]> = {}
  const sizes = (body: Buffer) => ({
    gzip: gzipSync(body, { level: 9 }).length,
    brotli: brotliCompressSync(body).length,
  })
  const allJs = readdirSync('dist/client/assets')
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(`dist/client/assets/${f}`))
  for (const [name, path] of Object.entries(PAGES)) {
    const html = Buffer.from(
      await (await shop.fetch(path, { headers: { 'User-Agent': BROWSER_UA, 'Accept-Encoding': 'identity' } })).text(),
    )
    const text = html.toString()
    // What the page's starter script imports before the page can hydrate (client/starter/starter.ts).
    const starterJs = await criticalJs(shop, path, { headers: { 'User-Agent': BROWSER_UA } })
    criticalModules[name] = appModules(text)
    const inlineCss = Buffer.from(/<style>([\s\S]*?)<\/style>/.exec(text)?.[1] ?? '')
    const sum = (buffers: Buffer[], kind: 'gzip' | 'brotli') => buffers.reduce((total, b) => total + sizes(b)[kind], 0)
    bytes[name] = {
      htmlGzip: sizes(html).gzip,
      htmlBrotli: sizes(html).brotli,
      criticalJsGzip: sum(starterJs, 'gzip'),
      criticalJsBrotli: sum(starterJs, 'brotli'),
      totalJsGzip: sum(allJs, 'gzip'),
      totalJsBrotli: sum(allJs, 'brotli'),
      inlineCssGzip: sizes(inlineCss).gzip,
      renderBlockingRequests: (text.match(/<link rel="stylesheet"|<script src=/g) ?? []).length,
    }
  }

  // The field analytics' collector (client/analytics/collector.ts, web-vitals with it): loaded
  // only after hydration, when the browser is idle, so on no page's critical path.
  const collectorFiles = readdirSync('dist/client/assets').filter((f) => /^collector-[\w-]+\.js$/.test(f))
  if (collectorFiles.length !== 1)
    throw new Error(`expected one collector chunk, found ${collectorFiles.join(', ') || 'none'}`)
  const collectorGzip = sizes(readFileSync(`dist/client/assets/${collectorFiles[0]}`)).gzip
  const collectorCritical = Object.keys(PAGES).filter((name) =>
    criticalModules[name]!.some((path) => path.includes('/collector-')),
  )

  // 4. Lighthouse, mobile, median of runs. The React floor runs in the same rounds, page by
  // page, so all three meet the machine in the same state: its TBT swings with the CPU.
  // Every browser below meets each server through the edge's compression, as a shopper meets
  // the deployed shop (bench/edge-compression.ts): the references too, so all are sent alike.
  const floor = await startReactFloor()
  const floorEdge = await startEdgeCompression(floor.origin)
  const scriptFree = await startScriptFreeCopy(shop, Object.values(PAGES), browserHeaders)
  const scriptFreeEdge = await startEdgeCompression(scriptFree.origin)
  const lighthouseUrls = {
    ...Object.fromEntries(Object.entries(PAGES).map(([name, path]) => [name, edge.origin + path])),
    floor: `${floorEdge.origin}/`,
  }
  const scriptFreeUrls = Object.fromEntries(
    Object.entries(PAGES).map(([name, path]) => [`${name}${SCRIPT_FREE}`, scriptFreeEdge.origin + path]),
  )
  // What the page itself is measured against (issue 31's 0.7×): the script-free copies as they
  // were before, and the bound under any page, in the same rounds.
  const references = await startReferencePages(shop, PAGES, browserHeaders)
  const referenceUrls = {
    ...Object.fromEntries(
      Object.entries(PAGES).map(([name, path]) => [`${name}${SCRIPT_FREE}${BEFORE}`, references.beforeOrigin + path]),
    ),
    [ONE_HEADING]: references.oneHeadingUrl,
  }
  let lighthouse: Record<string, LighthouseSummary>
  let calibrated: Record<string, LighthouseSummary>
  try {
    lighthouse = await lighthouseRounds({ ...lighthouseUrls, ...scriptFreeUrls, ...referenceUrls })
    // Not what the targets are judged on: the same rounds with the CPU slowdown Lighthouse's
    // docs recommend for a machine as slow as this one (see CALIBRATED_CPU_SLOWDOWN).
    calibrated = await lighthouseRounds(lighthouseUrls, CALIBRATED_CPU_SLOWDOWN)
  } finally {
    // or a failed Lighthouse run would leave the bench hanging on the open servers
    for (const server of [floor, floorEdge, scriptFree, scriptFreeEdge, references]) server.close()
  }

  // 4b. From first paint to the first tap that works, on a phone: CPU slowed 4×, slow 4G.
  const browser = await launchChromium()
  const firstTap: Record<string, FirstTap> = {}
  const interactions: Record<string, number> = {}
  const pictures: Record<string, Record<string, PictureFigures>> = {}
  try {
    const intoCart = '[data-testid="cart-badge"]'
    firstTap.landing = await measureFirstTap(browser, edge.origin + PAGES.landing, {
      selector: 'button[data-hold="buy:open-cart"]',
      effect: intoCart,
    })
    firstTap.product = await measureFirstTap(browser, edge.origin + PAGES.product, {
      selector: 'button[data-hold="buy:toast"]',
      effect: intoCart,
    })
    // Every other control that answers from the first paint (held and replayed the same way).
    const others = { untouched: false }
    firstTap['product: the cart button'] = await measureFirstTap(
      browser,
      edge.origin + PAGES.product,
      { selector: '[data-testid="cart-button"]', effect: '[data-testid="cart-drawer"]' },
      others,
    )
    firstTap['product: the third thumbnail'] = await measureFirstTap(
      browser,
      edge.origin + PAGES.product,
      {
        selector: '[data-testid="product-gallery-thumbnails"] button:nth-child(3)',
        effect: '[data-testid="product-gallery-thumbnails"] button:nth-child(3)[aria-pressed="true"]',
      },
      others,
    )
    firstTap["landing: the hero carousel's fourth dot"] = await measureFirstTap(
      browser,
      edge.origin + PAGES.landing,
      {
        selector: '#hero-carousel [data-dot="3"]',
        effect: '#hero-carousel.is-initialized .splide__pagination__page.is-active[aria-label="Picture 4"]',
      },
      others,
    )
    // 4b'. A tap once the app is live, 4× CPU: what INP would say of it.
    interactions['Add to Cart'] = await measureTap(browser, edge.origin + PAGES.product, (page) =>
      page.getByRole('button', { name: 'Add to Cart' }),
    )
    interactions['the cart button'] = await measureTap(browser, edge.origin + PAGES.product, (page) =>
      page.getByTestId('cart-button'),
    )
    // 4c. The pictures each page loads on a phone and a desktop (bench/pictures.ts).
    for (const [name, path] of Object.entries(PAGES)) {
      pictures[name] = {}
      for (const screen of Object.keys(SCREENS) as (keyof typeof SCREENS)[])
        pictures[name]![screen] = await measurePictures(browser, edge.origin + path, screen)
    }
  } finally {
    await browser.close()
    edge.close()
  }

  // 5. Soak: mixed routes and real checkouts at 50 connections; memory and upstream calls watched.
  const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 60)
  const workerdRss = () => {
    const kb = execFileSync('ps', ['-C', 'workerd', '-o', 'rss=']).toString().trim().split(/\s+/).map(Number)
    return Math.round(kb.reduce((a, b) => a + b, 0) / 1024)
  }
  const checkoutBody = JSON.stringify({ lines: [{ merchandiseId: blanket().variants[0]!.id, quantity: 2 }] })
  const soakLoad = (duration: number) =>
    autocannon({
      url: shop.origin,
      connections: 50,
      duration,
      headers: browserHeaders,
      requests: [
        { method: 'GET', path: PAGES.landing },
        { method: 'GET', path: PAGES.product },
        { method: 'GET', path: '/terms' },
        { method: 'GET', path: STATIC },
        { method: 'GET', path: '/product/no-such-blanket' },
        {
          method: 'POST',
          path: '/checkout',
          headers: { 'Content-Type': 'application/json', ...browserHeaders },
          body: checkoutBody,
        },
      ],
    })
  // Ten seconds of the same mix first, so the heap 'before' already holds what serving these
  // routes once allocates for good (compiled code, lazily built modules): measured here, that
  // is about 5% of the heap, and the heap then stays flat over minutes of load.
  await soakLoad(10)
  const productCallsBefore = shop.double.callsOf('ProductByHandle').length
  const cartsBefore = shop.double.callsOf('CartCreate').length
  const heapBefore = await shop.liveHeapBytes()
  const memory = [workerdRss()]
  const sampler = setInterval(() => memory.push(workerdRss()), 5000)
  // Beside the soak, the field analytics' beacons at 10 connections of their own, so their
  // latency is measured apart from the pages': a page view, five vitals and a tap, as one
  // page load sends when it is hidden.
  const beacon = JSON.stringify({
    page: 'product',
    device: 'phone',
    connection: '4g',
    events: [
      { type: 'page_view' },
      { type: 'add_to_cart', quantity: 1 },
      ...(['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const).map((name, i) => ({
        type: 'vital',
        name,
        value: name === 'CLS' ? 0.01 : 100 * (i + 1),
        ...(name === 'LCP' ? { element: 'picture' } : {}),
      })),
    ],
  })
  const [soakRun, eventsRun] = await Promise.all([
    soakLoad(SOAK_SECONDS),
    autocannon({
      url: `${shop.origin}/events`,
      connections: 10,
      duration: SOAK_SECONDS,
      method: 'POST',
      headers: { ...browserHeaders, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      body: beacon,
    }),
  ])
  const eventsSoak = {
    requests: eventsRun.requests.total,
    rps: Math.round(eventsRun.requests.average),
    p50: eventsRun.latency.p50,
    p99: eventsRun.latency.p99,
    non204: eventsRun.requests.total - (eventsRun['2xx'] ?? 0),
    errors: eventsRun.errors + eventsRun.timeouts,
  }
  clearInterval(sampler)
  memory.push(workerdRss())
  await new Promise((resolve) => setTimeout(resolve, 1000)) // for the last responses' waitUntil work
  const heapAfter = await shop.liveHeapBytes()
  const soak = {
    seconds: SOAK_SECONDS,
    connections: 50,
    requests: soakRun.requests.total,
    rps: Math.round(soakRun.requests.average),
    p99: soakRun.latency.p99,
    errors: soakRun.errors + soakRun.timeouts,
    status5xx: soakRun['5xx'],
    status4xx: soakRun['4xx'],
    // What a leak in the shop's code would grow, and what Cloudflare limits (128 MB an isolate).
    liveHeapMiB: { before: mib(heapBefore), after: mib(heapAfter) },
    // For context only: workerd's whole process, Miniflare's own services included. It climbs
    // for the first minutes of load and then holds (1.2-1.4 GB after 5 min here), as the
    // allocator keeps what it once used, so it cannot tell a leak from a high-water mark.
    memoryMiB: { idle: memory[0]!, end: memory.at(-1)!, max: Math.max(...memory) },
    productCalls: shop.double.callsOf('ProductByHandle').length - productCallsBefore,
    cartCreates: shop.double.callsOf('CartCreate').length - cartsBefore,
  }
  // The product cache allows at most one refresh per handle per fresh lifetime (60 s), plus 'not found' every 30 s.
  const productCallBound = 2 * (Math.ceil(SOAK_SECONDS / 60) + 1) + Math.ceil(SOAK_SECONDS / 30) + 1

  // The headers the targets speak of.
  const entry = appModules(await (await shop.fetch('/', { headers: browserHeaders })).text())[0]!
  const assetCaching = (await shop.fetch(entry)).headers.get('Cache-Control')
  // A request may find the page just expired (the soak lasts as long as the HTML cache
  // keeps a page) and store it again once the response has gone out: ask until it hits.
  let htmlCaching: string | null = null
  let htmlCacheTries = 0
  while (htmlCaching !== 'HIT' && htmlCacheTries < 20) {
    htmlCacheTries++
    const res = await shop.fetch(PAGES.product, { headers: browserHeaders })
    await res.text()
    htmlCaching = res.headers.get('cf-cache-status')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }

  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100
  const budget = ratchetBudget(
    Object.fromEntries(Object.entries(bytes).map(([name, b]) => [name, b.criticalJsGzip!])),
    Object.fromEntries(Object.entries(pictures).map(([name, p]) => [name, p.phone!.firstViewBytes])),
  )
  const targets = [
    ...Object.keys(PAGES).map(
      (name) =>
        [
          `critical JS of ${name} within its ratcheted budget (bench/budget.json)`,
          bytes[name]!.criticalJsGzip! <= budget.criticalJsGzip[name]!,
          `${bytes[name]!.criticalJsGzip} of ${budget.criticalJsGzip[name]} bytes`,
        ] as const,
    ),
    ...Object.keys(PAGES).map(
      (name) =>
        [
          `pictures in the first view of ${name} on a phone within their ratcheted budget and ≤ 150 KB`,
          pictures[name]!.phone!.firstViewBytes <= Math.min(150 * 1024, budget.picturesFirstViewPhone[name]!),
          `${kb(pictures[name]!.phone!.firstViewBytes)} KB (budget ${kb(budget.picturesFirstViewPhone[name]!)} KB); all pictures loaded with the page ${kb(pictures[name]!.phone!.loadedBytes)} KB`,
        ] as const,
    ),
    ...Object.keys(PAGES).map(
      (name) =>
        [
          `no picture in the first view of ${name} at more than twice its drawn pixels`,
          Object.values(pictures[name]!).every((p) => p.worstPixelRatio <= 2),
          Object.entries(pictures[name]!)
            .map(([screen, p]) => `${screen} ${p.worstPixelRatio}×`)
            .join(', '),
        ] as const,
    ),
    ...Object.keys(PAGES).map(
      (name) =>
        [
          `Lighthouse's picture audits pass on ${name}`,
          Object.values(lighthouse[name]!.pictures.audits).every((score) => score === null || score === 1),
          Object.entries(lighthouse[name]!.pictures.audits)
            .map(([id, score]) => `${id} ${score}`)
            .join(', '),
        ] as const,
    ),
    ...Object.keys(PAGES).map(
      (name) =>
        [
          `critical JS of ${name} ≤ 75 KB gzip`,
          bytes[name]!.criticalJsGzip! <= 75 * 1024,
          `${kb(bytes[name]!.criticalJsGzip!)} KB`,
        ] as const,
    ),
    ...Object.keys(PAGES).flatMap((name) => {
      const l = lighthouse[name]!.median
      return [
        [`Lighthouse performance of ${name} = 100`, l.performance === 100, `${l.performance}`],
        [`LCP of ${name} ≤ 1.2 s`, l.lcp! <= 1200, `${Math.round(l.lcp!)} ms`],
        [
          `TBT of ${name} ≤ 50 ms`,
          l.tbt! <= 50,
          `${Math.round(l.tbt!)} ms (runs ${lighthouse[name]!.tbtRuns.join(', ')}; the same page without its scripts ${Math.round(lighthouse[name + SCRIPT_FREE]!.median.tbt!)} ms, React alone ${Math.round(lighthouse.floor!.median.tbt!)} ms, in the same rounds)`,
        ],
        [`CLS of ${name} ≤ 0.01`, l.cls! <= 0.01, `${l.cls}`],
        ...(() => {
          const bare = lighthouse[name + SCRIPT_FREE]!.median
          return [
            [
              `main-thread work ${name}'s scripts add over its script-free copy ≤ 600 ms (4× CPU)`,
              l.mainThreadWorkMs! - bare.mainThreadWorkMs! <= 600,
              `${l.mainThreadWorkMs! - bare.mainThreadWorkMs!} ms (${l.mainThreadWorkMs} against ${bare.mainThreadWorkMs})`,
            ],
            [
              `long tasks ${name}'s scripts add over its script-free copy ≤ 300 ms`,
              l.longTaskMs! - bare.longTaskMs! <= 300,
              `${l.longTaskMs! - bare.longTaskMs!} ms (${l.longTaskCount} tasks, ${l.longTaskMs} ms against ${bare.longTaskCount}, ${bare.longTaskMs} ms)`,
            ],
            [
              `TBT of ${name} at most 100 ms over its script-free copy`,
              l.tbt! - bare.tbt! <= 100,
              `${Math.round(l.tbt! - bare.tbt!)} ms (${Math.round(l.tbt!)} against ${Math.round(bare.tbt!)})`,
            ],
            (() => {
              const before = lighthouse[name + SCRIPT_FREE + BEFORE]!.median.mainThreadWorkMs!
              const bound = lighthouse[ONE_HEADING]!.median.mainThreadWorkMs!
              return [
                `the page itself: ${name}'s script-free copy's main-thread work ≤ 0.7× of the same before (bench/pages-before/, same rounds)`,
                bare.mainThreadWorkMs! <= 0.7 * before,
                `${ratio(bare.mainThreadWorkMs!, before)}× (${bare.mainThreadWorkMs} against ${before} ms; a document of one heading with the same headers, the bound under any page, ${bound} ms, ${ratio(bound, before)}×)`,
              ] as const
            })(),
          ] as const
        })(),
        // The field analytics' collector came after the photographs, with its own target (above).
        [
          `JavaScript ${name} loads in Chromium no more than before the photographs, the field analytics' collector aside`,
          l.jsGzipBytes! - l.collectorJsGzipBytes! <= JS_LOADED_BEFORE_PHOTOGRAPHS_GZIP[name]!,
          `${kb(l.jsGzipBytes! - l.collectorJsGzipBytes!)} KB gzip, and the collector ${kb(l.collectorJsGzipBytes!)} KB, loaded when idle (${kb(l.jsSentBytes!)} KB as sent in all); before: ${kb(JS_LOADED_BEFORE_PHOTOGRAPHS_GZIP[name]!)} KB`,
        ],
        ...(name === 'product'
          ? ([
              [
                `JavaScript ${name} loads in Chromium ≤ 80 KB gzip (0.7× Hydrogen's 115 KB), the collector included`,
                l.jsGzipBytes! <= 80 * 1024,
                `${kb(l.jsGzipBytes!)} KB gzip`,
              ],
            ] as const)
          : []),
        [
          `accessibility, best practices, SEO of ${name} = 100`,
          l.accessibility === 100 && l.bestPractices === 100 && l.seo === 100,
          `${l.accessibility} / ${l.bestPractices} / ${l.seo}`,
        ],
      ] as const
    }),
    ...Object.entries(firstTap).map(
      ([control, t]) =>
        [
          `${control}: a tap at first paint is shown heard within 150 ms, and takes effect`,
          t.heardMs <= 150 && t.ways.every((way) => way === 'app'),
          `heard ${t.heardMs} ms after the tap, effect ${t.firstWorkingTapMs} ms after first paint`,
        ] as const,
    ),
    ...Object.entries(interactions).map(
      ([tap, ms]) =>
        [
          `a tap on ${tap} (product page, app live, 4× CPU) paints its effect within 200 ms (INP)`,
          ms < 200,
          `${Math.round(ms)} ms (median of 5; 0 is under 16 ms)`,
        ] as const,
    ),
    [
      'warm product p50 at 1 connection within 2× the static asset',
      load.product![1]!.p50 <= 2 * load.static![1]!.p50,
      `${load.product![1]!.p50} ms vs ${load.static![1]!.p50} ms (${ratio(load.product![1]!.p50, load.static![1]!.p50)}×)`,
    ],
    [
      'warm product throughput at 10 connections ≥ 40% of the static asset',
      load.product![10]!.rps >= 0.4 * load.static![10]!.rps,
      `${load.product![10]!.rps} vs ${load.static![10]!.rps} req/s (${Math.round((100 * load.product![10]!.rps) / load.static![10]!.rps)}%)`,
    ],
    [
      "product under a random query on every request: at 10 connections, at least 0.8× the canonical URL's req/s (median of 3 back-to-back pairs)",
      bustingRatio >= 0.8,
      `${ratio(bustingRatio, 1)}× (pairs, random against canonical req/s: ${bustingPairs.map((p) => `${p.busting}/${p.canonical}`).join(', ')}); errors ${load['product, random query']![10]!.errors}`,
    ],
    [
      "field analytics: the collector, web-vitals with it, ≤ 3 KB gzip and on no page's critical path",
      collectorGzip <= 3 * 1024 && collectorCritical.length === 0,
      `${collectorGzip} B gzip; critical on: ${collectorCritical.join(', ') || 'none'}`,
    ],
    [
      'field analytics: POST /events answers 204, never 5xx, beside the soak',
      eventsSoak.non204 === 0 && eventsSoak.errors === 0,
      `${eventsSoak.requests} beacons of 7 events (${eventsSoak.rps} req/s at 10 connections), p50 ${eventsSoak.p50} ms, p99 ${eventsSoak.p99} ms; ${eventsSoak.non204} not 204, ${eventsSoak.errors} errors`,
    ],
    [
      'cold fan-in: 1 upstream call for 200 concurrent requests',
      fanInCalls === 1,
      `${fanInCalls} call(s); statuses ${[...new Set(fanIn)].join(',')}`,
    ],
    [
      'static assets content-hashed and immutable for a year',
      assetCaching === 'public, max-age=31536000, immutable',
      `${entry}: ${assetCaching}`,
    ],
    [
      'HTML cached at the edge for a short time',
      htmlCaching === 'HIT',
      `cf-cache-status ${htmlCaching} (request ${htmlCacheTries})`,
    ],
    [
      'soak: no 5xx and no errors',
      soak.status5xx === 0 && soak.errors === 0,
      `${soak.requests} requests, ${soak.status5xx} 5xx, ${soak.errors} errors`,
    ],
    [
      "soak: no leak (the Worker's live heap after a full GC within 15% of its level before)",
      soak.liveHeapMiB.after <= soak.liveHeapMiB.before * 1.15,
      `${soak.liveHeapMiB.before} → ${soak.liveHeapMiB.after} MiB`,
    ],
    [
      'soak: product calls bounded by the cache',
      soak.productCalls <= productCallBound,
      `${soak.productCalls} product calls (bound ${productCallBound}) while ${soak.cartCreates} carts were created`,
    ],
    [
      'no render-blocking request besides the HTML',
      Object.values(bytes).every((b) => b.renderBlockingRequests === 0),
      `${Object.values(bytes)
        .map((b) => b.renderBlockingRequests)
        .join(' / ')} blocking`,
    ],
  ]

  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString().slice(0, 10)}`
  const results = {
    machine,
    upstreamLatencyMs: UPSTREAM_LATENCY_MS,
    loadSeconds: LOAD_SECONDS,
    load,
    soak,
    fieldAnalytics: { collectorGzip, collectorCritical, events: eventsSoak },
    fanIn: { requests: 200, upstreamCalls: fanInCalls },
    cacheBusting: { pairs: bustingPairs, ratio: bustingRatio },
    bytes,
    pictures,
    firstTap,
    interactions,
    lighthouse,
    lighthouseCalibrated: { cpuSlowdown: CALIBRATED_CPU_SLOWDOWN, ...calibrated },
    reactFloorJsGzip: floor.jsGzip,
    targets: targets.map(([target, met, measured]) => ({ target, met, measured })),
  }
  writeFileSync('bench/results.json', `${JSON.stringify(results, null, 2)}\n`)

  const md = [
    `Measured on ${machine}; upstream latency ${UPSTREAM_LATENCY_MS} ms; ${LOAD_SECONDS} s per load run.`,
    '',
    '| load (warm caches) | req/s @1 | p50 @1 | p99 @1 | req/s @10 | p50 @10 | p99 @10 | vs static @10 |',
    '|---|---|---|---|---|---|---|---|',
    ...Object.entries(load).map(
      ([name, l]) =>
        `| ${name === 'static' ? `static asset (${STATIC})` : name} | ${l[1]!.rps} | ${l[1]!.p50} ms | ${l[1]!.p99} ms | ${l[10]!.rps} | ${l[10]!.p50} ms | ${l[10]!.p99} ms | ${Math.round((100 * l[10]!.rps) / load.static![10]!.rps)}% |`,
    ),
    '',
    '| bytes | HTML gz / br | critical JS gz / br | all JS gz / br | inline CSS gz |',
    '|---|---|---|---|---|',
    ...Object.entries(bytes).map(
      ([name, b]) =>
        `| ${name} | ${kb(b.htmlGzip!)} / ${kb(b.htmlBrotli!)} KB | ${kb(b.criticalJsGzip!)} / ${kb(b.criticalJsBrotli!)} KB | ${kb(b.totalJsGzip!)} / ${kb(b.totalJsBrotli!)} KB | ${kb(b.inlineCssGzip!)} KB |`,
    ),
    '',
    ...lighthouseTable(`Lighthouse mobile, default simulated throttling (median of ${LIGHTHOUSE_RUNS})`, lighthouse),
    '',
    `| main thread, Lighthouse mobile (4× CPU; median of ${LIGHTHOUSE_RUNS}) | main-thread work | long tasks | style & layout | script | parse HTML | paint | other | the three costliest sources (ms) |`,
    '|---|---|---|---|---|---|---|---|---|',
    ...Object.entries(lighthouse).map(
      ([name, l]) =>
        `| ${name === 'floor' ? 'React alone (the floor)' : name} | ${l.median.mainThreadWorkMs} ms | ${l.median.longTaskCount} / ${l.median.longTaskMs} ms | ${l.median.styleLayoutMs} ms | ${l.median.scriptEvaluationMs} ms | ${l.median.parseHtmlMs} ms | ${l.median.paintMs} ms | ${l.median.otherWorkMs} ms | ${Object.entries(
          l.scripts,
        )
          .map(([source, ms]) => `${source} ${ms}`)
          .join(', ')} |`,
    ),
    '',
    '| pictures (Chromium, no throttling) | first view: phone 390×844 @2.625 | desktop 1280×900 @1 | everything loaded with the page: phone | desktop | most pixels fetched per pixel drawn, phone / desktop | LCP element (Lighthouse) |',
    '|---|---|---|---|---|---|---|',
    ...Object.entries(pictures).map(
      ([name, p]) =>
        `| ${name} | ${kb(p.phone!.firstViewBytes)} KB in ${p.phone!.firstViewCount} | ${kb(p.desktop!.firstViewBytes)} KB in ${p.desktop!.firstViewCount} | ${kb(p.phone!.loadedBytes)} KB in ${p.phone!.loadedCount} | ${kb(p.desktop!.loadedBytes)} KB in ${p.desktop!.loadedCount} | ${p.phone!.worstPixelRatio}× / ${p.desktop!.worstPixelRatio}× | ${lighthouse[name]!.pictures.lcpElement} |`,
    ),
    '',
    "| first tap (phone, 4× CPU, slow 4G) | a tap at first paint → the control shows it heard it | first paint → the tap's effect | how it ended | first paint → app live | navigation → app live | LCP of the same loads |",
    '|---|---|---|---|---|---|---|',
    ...Object.entries(firstTap).map(
      ([name, t]) =>
        `| ${name} | ${t.heardMs} ms | ${t.firstWorkingTapMs} ms | ${[...new Set(t.ways)].map((way) => `${way === 'form' ? 'buy form to checkout' : 'held, then replayed'} ×${t.ways.filter((w) => w === way).length}`).join(', ')} | ${t.appLiveMs ?? '–'} ms | ${t.appLiveFromStartMs ?? '–'} ms | ${t.lcpMs ?? '–'} ms |`,
    ),
    '',
    `Cold fan-in: 200 concurrent requests for an uncached product → ${fanInCalls} upstream call(s).`,
    '',
    `Soak: ${soak.seconds} s at ${soak.connections} connections over /, the product page, /terms, a static file, an unknown product (404) and POST /checkout: ${soak.requests} requests (${soak.rps} req/s, p99 ${soak.p99} ms), ${soak.status5xx} 5xx, ${soak.errors} errors; the Worker's live heap after a full GC ${soak.liveHeapMiB.before} MiB before and ${soak.liveHeapMiB.after} MiB after; workerd's whole process ${soak.memoryMiB.idle} MiB before, ${soak.memoryMiB.end} at the end (max ${soak.memoryMiB.max}); ${soak.productCalls} product calls to Shopify, ${soak.cartCreates} carts created.`,
    '',
    '| target | | measured |',
    '|---|---|---|',
    ...targets.map(([target, met, measured]) => `| ${target} | ${met ? 'met' : '**short**'} | ${measured} |`),
  ].join('\n')
  const notes = readFileSync('bench/README.md', 'utf8')
  writeFileSync(
    'bench/README.md',
    notes.replace(/<!-- bench:start -->[\s\S]*<!-- bench:end -->/, `<!-- bench:start -->\n${md}\n<!-- bench:end -->`),
  )
  console.log(md)
} finally {
  await shop.dispose()
}

function lighthouseTable(title: string, results: Record<string, LighthouseSummary>): string[] {
  return [
    `| ${title} | performance | FCP | LCP | LCP of each run | TTI | TBT | TBT of each run | CLS | JS loaded: sent / gzip | accessibility | best practices | SEO | CPU index | slow CPU | main-thread CPU | main thread on CPU |`,
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...Object.entries(results).map(([name, { median: l, tbtRuns, lcpRuns, slowCpuWarnings }]) => {
      // The floor's page is one heading: its accessibility, best-practice and SEO scores say nothing.
      const [label, a11y, practices, seo] =
        name === 'floor'
          ? ['React alone (the floor)', '–', '–', '–']
          : // Without its scripts a page has no cart or menu: its other scores are not the shop's.
            name.includes(SCRIPT_FREE) || name === ONE_HEADING
            ? [name, '–', '–', '–']
            : [name, l.accessibility, l.bestPractices, l.seo]
      return `| ${label} | ${l.performance} | ${Math.round(l.fcp!)} ms | ${Math.round(l.lcp!)} ms | ${lcpRuns.join(', ')} | ${Math.round(l.tti!)} ms | ${Math.round(l.tbt!)} ms | ${tbtRuns.join(', ')} | ${l.cls} | ${kb(l.jsSentBytes!)} / ${kb(l.jsGzipBytes!)} KB | ${a11y} | ${practices} | ${seo} | ${l.cpuIndex} | ${slowCpuWarnings} of ${tbtRuns.length} | ${l.mainThreadCpuMs} ms | ${l.mainThreadShare}% |`
    }),
  ]
}

/**
 * autocannon's own percentiles are whole milliseconds, too coarse to compare a 2 ms static file
 * with a 3 ms page: the percentiles here come from every response's exact time instead.
 */
async function loadRun(
  url: string,
  connections: number,
  setupRequest?: (request: autocannon.Request) => autocannon.Request,
) {
  const times: number[] = []
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const requests = setupRequest ? [{ setupRequest }] : undefined
    const run = autocannon(
      { url, connections, duration: LOAD_SECONDS, headers: browserHeaders, requests },
      (error, done) => (error ? reject(error) : resolve(done)),
    )
    run.on('response', (_client, _status, _bytes, ms) => times.push(ms))
  })
  times.sort((a, b) => a - b)
  const percentile = (p: number) =>
    Math.round(times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]! * 10) / 10
  return {
    rps: Math.round(result.requests.average),
    p50: percentile(50),
    p99: percentile(99),
    errors: result.errors + result.non2xx,
  }
}

// `pictures`: what the LCP element is (a picture or text), and the score of each of
// Lighthouse's picture audits (1 passes; Lighthouse 13 folds responsive sizes, modern formats
// and compression into image-delivery-insight, and LCP priority into lcp-discovery-insight).
type LighthousePictures = { lcpElement: string; audits: Record<string, number | null> }
type LighthouseRun = {
  metrics: Record<string, number>
  blocking: Record<string, number>
  scripts: Record<string, number>
  pictures: LighthousePictures
}
type LighthouseSummary = {
  median: Record<string, number>
  tbtRuns: number[]
  lcpRuns: number[]
  slowCpuWarnings: number
  blocking: Record<string, number>
  scripts: Record<string, number>
  pictures: LighthousePictures
}

/**
 * Lighthouse for each URL, LIGHTHOUSE_RUNS rounds of all of them in turn, reports kept in
 * test-results/. Per URL: the median of each figure, every run's TBT, how many runs Lighthouse
 * warned that the CPU is slower than it expects, and what the median-TBT run's blocking time
 * was made of.
 */
async function lighthouseRounds(
  urls: Record<string, string>,
  cpuSlowdown?: number,
): Promise<Record<string, LighthouseSummary>> {
  const runs: Record<string, LighthouseRun[]> = Object.fromEntries(Object.keys(urls).map((name) => [name, []]))
  for (let round = 1; round <= LIGHTHOUSE_RUNS; round++) {
    for (const [name, url] of Object.entries(urls)) {
      const report = `test-results/lighthouse-${name.replaceAll(' ', '-')}${cpuSlowdown ? `-cpu${cpuSlowdown}x` : ''}-${round}.json`
      runs[name]!.push(await runLighthouse(url, report, cpuSlowdown))
    }
  }
  return Object.fromEntries(
    Object.entries(runs).map(([name, list]) => {
      const metrics = list.map((r) => r.metrics)
      const medianRun = list.find((r) => r.metrics.tbt === median(metrics.map((m) => m.tbt!)))!
      return [
        name,
        {
          median: Object.fromEntries(Object.keys(metrics[0]!).map((key) => [key, median(metrics.map((m) => m[key]!))])),
          tbtRuns: metrics.map((m) => Math.round(m.tbt!)),
          lcpRuns: metrics.map((m) => Math.round(m.lcp!)),
          slowCpuWarnings: metrics.filter((m) => m.slowCpuWarning).length,
          blocking: medianRun.blocking,
          scripts: medianRun.scripts,
          pictures: medianRun.pictures,
        },
      ]
    }),
  )
}

/** Lighthouse sometimes fails to record a trace on this shared machine (NO_NAVSTART): retry. */
async function runLighthouse(
  url: string,
  reportPath: string,
  cpuSlowdown?: number,
  attempts = 3,
): Promise<LighthouseRun> {
  try {
    return await runLighthouseOnce(url, reportPath, cpuSlowdown)
  } catch (error) {
    if (attempts <= 1) throw error
    console.warn(`${url}: ${(error as Error).message.split('\n')[0]}; trying again`)
    return runLighthouse(url, reportPath, cpuSlowdown, attempts - 1)
  }
}

async function runLighthouseOnce(url: string, reportPath: string, cpuSlowdown?: number): Promise<LighthouseRun> {
  mkdirSync('test-results', { recursive: true })
  const flags = ['--headless=new', ...chromiumArgs].join(' ')
  // --save-assets keeps the trace beside the report (…-0.trace.json): mainThreadWork reads it.
  const args = [
    url,
    '--quiet',
    '--output=json',
    `--output-path=${reportPath}`,
    '--save-assets',
    `--chrome-flags=${flags}`,
    '--only-categories=performance,accessibility,best-practices,seo',
  ]
  if (cpuSlowdown) args.push(`--throttling.cpuSlowdownMultiplier=${cpuSlowdown}`)
  await new Promise<void>((resolve, reject) => {
    const child = spawn('node_modules/.bin/lighthouse', args, {
      env: { ...process.env, CHROME_PATH: chromiumPath() },
    })
    let err = ''
    child.stderr.on('data', (chunk) => (err += chunk))
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}: ${err.slice(-2000)}`)),
    )
  })
  const output = readFileSync(reportPath, 'utf8') // the full report stays, to see what a number is made of
  const report = JSON.parse(output)
  const score = (id: string) => Math.round(report.categories[id].score * 100)
  const value = (id: string) => report.audits[id].numericValue as number
  return {
    metrics: {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      // Simulated on a phone's network: when the app's code has arrived and run, so a module
      // fetched only after another (a waterfall) shows here even when it is off the paint path.
      tti: value('interactive'),
      // Lighthouse's measure of this machine's CPU at the time (higher is faster); TBT follows it.
      cpuIndex: Math.round(report.environment.benchmarkIndex),
      // Lighthouse's own warning that the CPU is too slow for its default slowdown.
      slowCpuWarning: (report.runWarnings as string[]).some((w) => w.includes('slower CPU')) ? 1 : 0,
      cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
      ...scriptsLoaded(report),
      ...mainThreadBreakdown(report),
      ...mainThreadWork(reportPath.replace(/\.json$/, '-0.trace.json')),
    },
    blocking: blockingTimeBySource(report, url),
    scripts: costliestScripts(report),
    pictures: lighthousePictures(report),
  }
}

/**
 * Where the main thread's time went, as Lighthouse attributes it under its 4× CPU slowdown
 * (its simulated runs multiply each task of the trace by the slowdown): all of it
 * (`mainthread-work-breakdown`), by kind, and the long tasks (`long-tasks`: each over 50 ms).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function mainThreadBreakdown(report: any): Record<string, number> {
  const groups = Object.fromEntries(
    (report.audits['mainthread-work-breakdown'].details?.items ?? []).map(
      (item: { group: string; duration: number }) => [item.group, item.duration],
    ),
  ) as Record<string, number>
  const longTasks = (report.audits['long-tasks']?.details?.items ?? []) as { duration: number }[]
  return {
    mainThreadWorkMs: Math.round(report.audits['mainthread-work-breakdown'].numericValue),
    styleLayoutMs: Math.round(groups.styleLayout ?? 0),
    scriptEvaluationMs: Math.round((groups.scriptEvaluation ?? 0) + (groups.scriptParseCompile ?? 0)),
    parseHtmlMs: Math.round(groups.parseHTML ?? 0),
    paintMs: Math.round(groups.paintCompositeRender ?? 0),
    otherWorkMs: Math.round((groups.other ?? 0) + (groups.garbageCollection ?? 0)),
    longTaskCount: longTasks.length,
    longTaskMs: Math.round(longTasks.reduce((total, task) => total + task.duration, 0)),
  }
}

/** The three scripts (or the page's own HTML, or 'Unattributable') that cost the main thread most (`bootup-time`). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function costliestScripts(report: any): Record<string, number> {
  const items = (report.audits['bootup-time']?.details?.items ?? []) as { url: string; total: number }[]
  const name = (url: string) =>
    (url.startsWith('http') ? new URL(url).pathname.split('/').pop() || 'the page (HTML)' : url).replace(
      /-[\w]{8}\.js$/,
      '.js',
    )
  return Object.fromEntries(
    items
      .sort((a, b) => b.total - a.total)
      .slice(0, 3)
      .map((item) => [name(item.url), Math.round(item.total)]),
  )
}

/**
 * The JavaScript Chromium loaded with the page in this run: as sent (`jsSentBytes`, the
 * edge's Brotli, headers included) and each of those files gzip'd at level 9 (`jsGzipBytes`),
 * the measure the issues quote. Scripts of the shop's own build only; the floor's are its own.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function scriptsLoaded(report: any): { jsSentBytes: number; jsGzipBytes: number; collectorJsGzipBytes: number } {
  const scripts = (
    report.audits['network-requests'].details.items as { url: string; resourceType?: string; transferSize: number }[]
  ).filter((r) => r.resourceType === 'Script')
  const gzipped = (url: string) => {
    const path = new URL(url).pathname
    for (const dir of ['dist/client', 'dist/react-floor']) {
      try {
        return gzipSync(readFileSync(join(dir, path)), { level: 9 }).length
      } catch {}
    }
    return 0
  }
  const collector = scripts.filter((r) => /\/collector-[\w-]+\.js$/.test(r.url))
  return {
    jsSentBytes: scripts.reduce((t, r) => t + r.transferSize, 0),
    jsGzipBytes: scripts.reduce((t, r) => t + gzipped(r.url), 0),
    collectorJsGzipBytes: collector.reduce((t, r) => t + gzipped(r.url), 0),
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function lighthousePictures(report: any): LighthousePictures {
  const PICTURE_AUDITS = ['image-delivery-insight', 'lcp-discovery-insight', 'unsized-images', 'offscreen-images']
  const items = (report.audits['lcp-breakdown-insight']?.details?.items ?? []) as {
    type: string
    snippet?: string
    nodeLabel?: string
  }[]
  const node = items.find((item) => item.type === 'node')
  const lcpElement = node
    ? `${node.snippet?.startsWith('<img') ? 'picture' : 'text'}: ${(node.nodeLabel ?? '').slice(0, 60)}`
    : 'unknown'
  return {
    lcpElement,
    audits: Object.fromEntries(
      PICTURE_AUDITS.filter((id) => report.audits[id]).map((id) => [id, report.audits[id].score as number | null]),
    ),
  }
}

/**
 * From the run's trace, the page's main thread:
 * - `mainThreadCpuMs`: the CPU time of every task it ran from the navigation to the end of the trace
 *   (Lighthouse stops once the page is quiet). Measured, not simulated: what the page's code,
 *   style and layout cost on this machine, without Lighthouse's multipliers or the wait for a
 *   core that make TBT swing, so a change of a few milliseconds of work shows here first.
 * - `mainThreadShare`: how much of its long-enough tasks' wall-clock time it actually spent on a CPU, in
 *   percent: Lighthouse's simulation multiplies wall-clock task lengths (by 4), so time a task
 *   spent waiting for one of this machine's two cores counts as the page's work. Tasks of 10 ms
 *   and more, the ones that can become long tasks.
 * The trace and the DevTools log that --save-assets writes are deleted after reading
 * (megabytes each).
 */
function mainThreadWork(tracePath: string): { mainThreadCpuMs: number; mainThreadShare: number } {
  const trace = JSON.parse(readFileSync(tracePath, 'utf8'))
  rmSync(tracePath)
  rmSync(tracePath.replace('trace', 'devtoolslog'), { force: true })
  const events: {
    name: string
    ph: string
    pid: number
    tid: number
    dur?: number
    tdur?: number
    args?: { name?: string }
  }[] = trace.traceEvents ?? trace
  const mainThreads = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  )
  const tasksOf = (t: { pid: number; tid: number }) =>
    events.filter((e) => e.pid === t.pid && e.tid === t.tid && e.name === 'RunTask')
  const cpuOf = (tasks: typeof events) => tasks.reduce((sum, e) => sum + (e.tdur ?? e.dur ?? 0), 0)
  // The page's renderer is the one that worked most (others are blank tabs Lighthouse opens).
  const all = mainThreads.map(tasksOf).sort((a, b) => cpuOf(b) - cpuOf(a))[0] ?? []
  const long = all.filter((e) => (e.dur ?? 0) >= 10_000)
  const wall = long.reduce((sum, e) => sum + e.dur!, 0)
  return {
    mainThreadCpuMs: Math.round(cpuOf(all) / 1000),
    mainThreadShare: wall ? Math.round((100 * cpuOf(long)) / wall) : 100,
  }
}

/**
 * What a run's Total Blocking Time is made of: each long task's time over 50 ms between first
 * contentful paint and time to interactive (Lighthouse's own rule, on its simulated timings),
 * summed by what Lighthouse attributes the task to.
 */
function blockingTimeBySource(report: any, pageUrl: string): Record<string, number> {
  const fcp = report.audits['first-contentful-paint'].numericValue as number
  const tti = report.audits.interactive.numericValue as number
  const sources: Record<string, number> = {}
  for (const task of (report.audits['long-tasks'].details?.items ?? []) as {
    url: string
    startTime: number
    duration: number
  }[]) {
    const start = Math.max(task.startTime, fcp)
    const end = Math.min(task.startTime + task.duration, tti)
    if (end - start <= 50) continue
    const source =
      task.url === pageUrl || task.url === report.finalDisplayedUrl
        ? 'the page (HTML, style, layout)'
        : // Begun before first paint and owned by no script: the task that commits the navigation
          // (creates the window, starts the parser). Lantern leaves it out of its FCP estimate but
          // runs it in its TBT simulation, so the part after that FCP counts (the floor has it too).
          task.url === 'Unattributable' && task.startTime < fcp
          ? 'committing the navigation'
          : task.url === 'Unattributable'
            ? 'unattributed'
            : task.url
                .split('/')
                .pop()!
                .replace(/-[\w-]{8}\.js$/, '.js')
    sources[source] = Math.round((sources[source] ?? 0) + end - start - 50)
  }
  return sources
}

/**
 * The floor under the Lighthouse figures: a page with nothing but the same React build
 * hydrating one element, built by Vite and served gzip'd by a plain Node server. What the
 * shop scores above this is the shop's own cost; what this scores is the framework's.
 */
async function startReactFloor() {
  const { build } = await import('vite')
  const outDir = 'dist/react-floor'
  await build({
    root: 'bench/react-floor',
    logLevel: 'silent',
    configFile: false,
    build: { outDir: '../../dist/react-floor', emptyOutDir: true },
  })
  const types: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript' }
  const server = createServer((req, res) => {
    const path = req.url === '/' ? '/index.html' : (req.url ?? '/')
    try {
      const body = readFileSync(join(outDir, path))
      res.writeHead(200, { 'Content-Type': types[extname(path)] ?? 'application/octet-stream' }).end(body)
    } catch {
      res.writeHead(404).end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const js = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'))
  return {
    origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    jsGzip: js.reduce((total, f) => total + gzipSync(readFileSync(join(outDir, 'assets', f)), { level: 9 }).length, 0),
    close: () => server.close(),
  }
}
