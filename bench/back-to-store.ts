// `npm run bench:speculation`: the tap on 'Back to Store' until the landing page's largest
// paint, with the shop's Speculation Rules and without them (their rule set refused), in one
// run, alternating, on a desktop-sized Chromium with its CPU slowed 4×, every request to the
// shop answered NETWORK_DELAY_MS later by a proxy in front of it. Not DevTools' network
// throttling: it leaves Chromium's speculative prefetches alone (one took 15 ms under 'slow
// 4G'), which would flatter the rules. The pointer rests on the link for 400 ms before the
// click, as a shopper's does on the way to it; the rules prefetch on that intent
// ('moderate', src/routes/speculation-rules.ts).
import { execFileSync } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { DESKTOP, launchChromium } from '../scripts/harness/chromium.ts'
import { startShop } from '../scripts/harness/shop.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const UPSTREAM_LATENCY_MS = 80
const CPU_SLOWDOWN = 4
const DWELL_MS = 400
// A mobile network's round trip and a little: the same for every request, the prefetch's too.
const NETWORK_DELAY_MS = 300

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

/** One tap on 'Back to Store' on the product page: ms from the tap to the landing page's LCP. */
async function backToStore(browser: Browser, proxy: Awaited<ReturnType<typeof delayingProxy>>, rules: boolean): Promise<number> {
  const { origin } = proxy
  const context = await browser.newContext({ viewport: DESKTOP })
  try {
    if (!rules) await context.route('**/speculation-rules.json', (route) => route.abort())
    await context.addInitScript(() => {
      const w = window as unknown as { lcpAt?: number; tapAt?: number }
      new PerformanceObserver((list) => (w.lcpAt = performance.timeOrigin + list.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true })
      addEventListener('pointerdown', (event) => (w.tapAt = performance.timeOrigin + event.timeStamp), true)
    })
    const page = await context.newPage()
    // The page in cache, as a shopper who came from the landing page has it.
    await page.goto(origin + '/')
    await page.goto(origin + '/product/toddler-blanket')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    proxy.slow(true)
    const link = page.getByRole('link', { name: 'Back to Store' })
    await link.hover()
    await page.waitForTimeout(DWELL_MS)
    const tapAt = page.evaluate(() => new Promise<number>((resolve) => addEventListener('pointerdown', (event) => resolve(performance.timeOrigin + event.timeStamp), { capture: true, once: true })))
    await link.click()
    const tapped = await tapAt
    await page.waitForURL(origin + '/')
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, { timeout: 60_000 })
    await page.waitForTimeout(1000) // the last LCP candidate is reported after its paint
    return (await page.evaluate(() => (window as unknown as { lcpAt: number }).lcpAt)) - tapped
  } finally {
    proxy.slow(false)
    await context.close()
  }
}

/** A proxy in front of `origin` that answers every request NETWORK_DELAY_MS late, once `slow()` is called. */
async function delayingProxy(origin: string): Promise<{ origin: string; slow: (on: boolean) => void; server: Server }> {
  let delay = 0
  const server = createServer(async (req, res) => {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay))
    const headers = Object.fromEntries(Object.entries(req.headers).flatMap(([name, value]) => (typeof value === 'string' && name !== 'host' ? [[name, value]] : [])))
    const answer = await fetch(origin + req.url, { method: req.method, headers, redirect: 'manual' })
    res.writeHead(answer.status, Object.fromEntries([...answer.headers].filter(([name]) => name !== 'content-encoding' && name !== 'content-length')))
    res.end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, slow: (on) => (delay = on ? NETWORK_DELAY_MS : 0), server }
}

if (import.meta.main) {
  if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' })
  const shop = await startShop({ HTML_CACHE_SECONDS: '60', RENDER_DEADLINE_MS: '150', STOREFRONT_TIMEOUT_MS: '5000' }, { dropAnalytics: true })
  shop.double.latencyMs = UPSTREAM_LATENCY_MS
  const browser = await launchChromium()
  const proxy = await delayingProxy(shop.origin)
  try {
    const withRules: number[] = []
    const without: number[] = []
    for (let run = 0; run < RUNS; run++) {
      withRules.push(await backToStore(browser, proxy, true))
      without.push(await backToStore(browser, proxy, false))
    }
    const ms = (values: number[]) => `median ${Math.round(median(values))} ms (runs ${values.map(Math.round).join(', ')})`
    console.log(`'Back to Store' to the landing page's LCP: with the rules ${ms(withRules)}; without ${ms(without)}; ratio ${(median(withRules) / median(without)).toFixed(2)}; CPU ${CPU_SLOWDOWN}×, every request ${NETWORK_DELAY_MS} ms late, ${DWELL_MS} ms on the link`)
  } finally {
    proxy.server.close()
    await browser.close()
    await shop.dispose()
  }
}
