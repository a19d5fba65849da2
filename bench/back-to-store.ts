// `npm run bench:speculation`: the tap on 'Back to Store' until the landing page is painted
// (its largest paint, or the moment a prerendered page was shown, whichever is later: what
// web-vitals reports for a prerender), with the shop's Speculation Rules (prefetch on intent,
// src/routes/speculation-rules.ts), with the landing page prerendered on intent instead
// (`WITH_LANDING_PRERENDER`, the prefetch as fallback), and with none (the rule set
// refused): in one run, in turn, on a desktop-sized Chromium with its CPU slowed 4×, every
// request to the shop answered NETWORK_DELAY_MS later by a proxy in front of it. Not
// DevTools' network throttling: it leaves Chromium's speculative requests alone (a prefetch
// took 15 ms under 'slow 4G'), which would flatter the rules. The pointer rests on the link
// for each of DWELLS_MS before the tap, as a shopper's does or does not on the way to it;
// the rules act on that intent ('moderate': a rest of 200 ms, or the press itself).
//
// Driven by Puppeteer, not Playwright: Playwright's headless Chromium fetches a prerender and
// never shows it (the click loads the page again), where Chromium in Puppeteer's default
// headless mode shows it, as a shopper's Chromium does.
import { execFileSync } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import puppeteer, { type Browser } from 'puppeteer-core'
import { chromiumArgs, chromiumPath, DESKTOP } from '../scripts/harness/chromium.ts'
import { startShop } from '../scripts/harness/shop.ts'
import { WITH_LANDING_PRERENDER } from '../scripts/harness/landing-prerender.ts'
import { median } from './median.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)
const UPSTREAM_LATENCY_MS = 80
const CPU_SLOWDOWN = 4
/** How long the pointer rests on the link before the tap: none (a phone's tap), a quick hand, a slow one. */
const DWELLS_MS = [0, 400, 1000]
// A mobile network's round trip and a little: the same for every request, the speculative ones too.
const NETWORK_DELAY_MS = 300

type Arm = 'prefetch' | 'prerender' | 'none'
/** The rule set each arm is served in place of the shop's: none in place (its own, which prefetch), the landing page prerendered, or none at all. */
const RULES: Record<Arm, string | null> = {
  prefetch: null,
  prerender: JSON.stringify(WITH_LANDING_PRERENDER),
  none: '',
}

type Run = { ms: number; prerendered: boolean }

/** One tap on 'Back to Store' on the product page: ms from the tap to the landing page painted. */
async function backToStore(
  browser: Browser,
  proxy: Awaited<ReturnType<typeof delayingProxy>>,
  arm: Arm,
  dwellMs: number,
): Promise<Run> {
  const { origin } = proxy
  const context = await browser.createBrowserContext()
  proxy.rules(RULES[arm])
  try {
    const page = await context.newPage()
    await page.setViewport(DESKTOP)
    // The page in cache, as a shopper who came from the landing page has it.
    await page.goto(`${origin}/`)
    await page.goto(`${origin}/product/toddler-blanket`)
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
    await page.emulateCPUThrottling(CPU_SLOWDOWN)
    proxy.slow(true)
    const link = (await page.$('a[href="/"] ::-p-text(Back to Store)'))!
    const box = (await link.boundingBox())!
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
    await new Promise((resolve) => setTimeout(resolve, dwellMs))
    // Told over a binding: an evaluate's answer can be lost to a prerender shown at once.
    let tapped = 0
    await page.exposeFunction('__tapped', (at: number) => void (tapped = at))
    await page.evaluate(() =>
      addEventListener(
        'pointerdown',
        (event) =>
          (window as unknown as { __tapped(at: number): void }).__tapped(performance.timeOrigin + event.timeStamp),
        { capture: true, once: true },
      ),
    )
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    // Polled rather than waitForFunction, whose wait ends with the target a prerender replaces.
    for (
      const until = Date.now() + 60_000;
      !(await page
        .evaluate(() => location.pathname === '/' && document.documentElement.dataset.hydrated === 'true')
        .catch(() => false));
    ) {
      if (Date.now() > until) throw new Error(`${arm}: the landing page was not live within 60 s`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await new Promise((resolve) => setTimeout(resolve, 1000)) // the last LCP candidate is reported after its paint
    const shown = await page.evaluate(
      () =>
        new Promise<{ at: number; prerendered: boolean }>((resolve) =>
          new PerformanceObserver((list) => {
            const { activationStart } = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & {
              activationStart: number
            }
            resolve({
              at: performance.timeOrigin + Math.max(list.getEntries().at(-1)!.startTime, activationStart),
              prerendered: activationStart > 0,
            })
          }).observe({ type: 'largest-contentful-paint', buffered: true }),
        ),
    )
    if (!tapped) throw new Error(`${arm}: the tap was not told`)
    return { ms: shown.at - tapped, prerendered: shown.prerendered }
  } finally {
    proxy.slow(false)
    await context.close()
  }
}

/**
 * A proxy in front of `origin` that answers every request NETWORK_DELAY_MS late once `slow()`
 * is called, and serves the rule set an arm names in place of the shop's.
 */
async function delayingProxy(origin: string) {
  let delay = 0
  let rules: string | null = null
  const server: Server = createServer(async (req, res) => {
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay))
    if (rules !== null && req.url === '/speculation-rules.json') {
      res.writeHead(rules ? 200 : 404, { 'content-type': 'application/speculationrules+json' })
      return void res.end(rules)
    }
    const headers = Object.fromEntries(
      Object.entries(req.headers).flatMap(([name, value]) =>
        typeof value === 'string' && name !== 'host' ? [[name, value]] : [],
      ),
    )
    const answer = await fetch(origin + req.url, { method: req.method, headers, redirect: 'manual' })
    res.writeHead(
      answer.status,
      Object.fromEntries(
        [...answer.headers].filter(([name]) => name !== 'content-encoding' && name !== 'content-length'),
      ),
    )
    res.end(Buffer.from(await answer.arrayBuffer()))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    slow: (on: boolean) => void (delay = on ? NETWORK_DELAY_MS : 0),
    rules: (set: string | null) => void (rules = set),
    server,
  }
}

if (import.meta.main) {
  if (!process.env.BENCH_SKIP_BUILD) execFileSync('npm', ['run', 'build'], { stdio: 'ignore' })
  const shop = await startShop(
    { HTML_CACHE_SECONDS: '60', RENDER_DEADLINE_MS: '150', STOREFRONT_TIMEOUT_MS: '5000' },
    { dropAnalytics: true },
  )
  shop.double.latencyMs = UPSTREAM_LATENCY_MS
  const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs })
  const proxy = await delayingProxy(shop.origin)
  try {
    const arms = Object.keys(RULES) as Arm[]
    const runs = new Map(
      DWELLS_MS.map((dwell) => [
        dwell,
        Object.fromEntries(arms.map((arm) => [arm, [] as Run[]])) as Record<Arm, Run[]>,
      ]),
    )
    // Every arm at every rest in each round, so that all meet the machine in the same state.
    for (let run = 0; run < RUNS; run++)
      for (const dwell of DWELLS_MS)
        for (const arm of arms) runs.get(dwell)![arm].push(await backToStore(browser, proxy, arm, dwell))
    const middle = (of: Run[]) => median(of.map((r) => r.ms))
    console.log(
      `'Back to Store' to the landing page painted, CPU ${CPU_SLOWDOWN}×, every request ${NETWORK_DELAY_MS} ms late, ${RUNS} runs each, in turn:`,
    )
    for (const [dwell, byArm] of runs) {
      console.log(`  ${dwell} ms on the link:`)
      for (const arm of arms) {
        const of = byArm[arm]
        console.log(
          `    ${arm.padEnd(9)} median ${Math.round(middle(of))} ms, ${(middle(of) / middle(byArm.none)).toFixed(2)}× of none (runs ${of.map((r) => Math.round(r.ms)).join(', ')}; shown from a prerender ${of.filter((r) => r.prerendered).length} of ${RUNS})`,
        )
      }
    }
  } finally {
    proxy.server.close()
    await browser.close()
    await shop.dispose()
  }
}
