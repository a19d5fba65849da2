// `npm run bench:main-thread [-- ROUNDS]`: the quick loop for the main thread's work, a few
// minutes instead of the whole bench's quarter hour. Lighthouse mobile (4× CPU, slow 4G)
// on the landing and product pages, through the edge's compression as in `npm run bench`,
// interleaved ROUNDS times (default 3); for each page the median of Lighthouse's main-thread
// work, long tasks and costliest sources, and from the median run's trace what the main
// thread spent its time on, by kind of event and by script. Beside them, each page's script-free
// copy as it was before the work on its own cost, and a page of one heading (bench/reference-pages.ts).
import { chromiumArgs, chromiumPath } from '../scripts/harness/chromium.ts'
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { startShop } from '../scripts/harness/shop.ts'
import { startEdgeCompression } from './edge-compression.ts'
import { startScriptFreeCopy } from './script-free-copy.ts'
import { PAGES_BEFORE_COMMIT, startReferencePages, withChangedHtml } from './reference-pages.ts'

const ALL_PAGES = { landing: '/', product: '/product/toddler-blanket' } as const
// `PAGES=landing npm run bench:main-thread` measures one page only, for a quicker loop.
const PAGES = Object.fromEntries(
  Object.entries(ALL_PAGES).filter(([name]) => !process.env.PAGES || process.env.PAGES.split(',').includes(name)),
)
const ROUNDS = Number(process.argv[2] ?? 3)
const BROWSER_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'

type TraceEvent = {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string; data?: { url?: string; stackTrace?: { url: string }[] } }
}
type Run = {
  work: number
  cpu: number
  longTasks: number
  longTaskMs: number
  tbt: number
  lcp: number
  cpuIndex: number
  groups: Record<string, number>
  byEvent: Record<string, number>
  byScript: Record<string, number>
}

const shop = await startShop({ HTML_CACHE_SECONDS: '60', RENDER_DEADLINE_MS: '150' }, { dropAnalytics: true })
const edge = await startEdgeCompression(shop.origin)
try {
  for (const path of Object.values(PAGES))
    for (let i = 0; i < 3; i++) await (await shop.fetch(path, { headers: { 'User-Agent': BROWSER_UA } })).text()
  // The pictures at every width a page offers, made once by the double's CDN as Shopify's edge holds them (as in `npm run bench`).
  for (const path of Object.values(PAGES)) {
    const html = await (await shop.fetch(path, { headers: { 'User-Agent': BROWSER_UA } })).text()
    const listed = [...html.matchAll(/(?:src|srcSet|imageSrcSet)="([^"]+)"/g)].flatMap((m) =>
      m[1]!
        .replaceAll('&amp;', '&')
        .split(', ')
        .map((entry) => entry.split(' ')[0]!),
    )
    for (const url of new Set(listed.filter((u) => u.includes('/cdn/shop/'))))
      await (await fetch(url, { headers: { Accept: 'image/avif,image/webp,image/*,*/*;q=0.8' } })).arrayBuffer()
  }
  // Each page beside its script-free copy, as in `npm run bench`: what the scripts add is the difference.
  const scriptFree = await startScriptFreeCopy(shop, Object.values(PAGES), { 'User-Agent': BROWSER_UA })
  const scriptFreeEdge = await startEdgeCompression(scriptFree.origin)
  // The page itself against its script-free copy before (issue 31's 0.7×) and the bound under any page.
  const references = await startReferencePages(shop, PAGES, { 'User-Agent': BROWSER_UA })
  const urls: Record<string, string> = {
    ...Object.fromEntries(
      Object.entries(PAGES).flatMap(([name, path]) => [
        [name, edge.origin + path],
        [`${name} without its scripts`, scriptFreeEdge.origin + path],
        [`${name} without its scripts, before`, references.beforeOrigin + path],
      ]),
    ),
    'one heading': references.oneHeadingUrl,
  }
  // `VARIANTS=file.ts`: an experiment before it is built. The module's default export maps a
  // label to a change of a page's HTML; each is served as one more script-free copy in the same
  // rounds (`{ 'first view': (html) => html.replace(/<footer[\s\S]*?<\/footer>/, '') }`).
  const variants: Record<string, (html: string, path: string) => string> = process.env.VARIANTS
    ? (await import(resolve(process.env.VARIANTS))).default
    : {}
  const servers = [scriptFree, scriptFreeEdge, references]
  for (const [label, change] of Object.entries(variants)) {
    const copy = await startScriptFreeCopy(withChangedHtml(shop, change), Object.values(PAGES), {
      'User-Agent': BROWSER_UA,
    })
    const copyEdge = await startEdgeCompression(copy.origin)
    servers.push(copy, copyEdge)
    for (const [name, path] of Object.entries(PAGES))
      urls[`${name} without its scripts, ${label}`] = copyEdge.origin + path
  }
  const runs: Record<string, Run[]> = Object.fromEntries(Object.keys(urls).map((name) => [name, []]))
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, url] of Object.entries(urls)) runs[name]!.push(await lighthouse(url, name.replaceAll(' ', '-')))
  for (const server of servers) server.close()
  const medianOf = (list: Run[]) => [...list].sort((a, b) => a.work - b.work)[Math.floor(list.length / 2)]!
  const cpu = (list: Run[]) => [...list.map((r) => r.cpu)].sort((a, b) => a - b)[Math.floor(list.length / 2)]!
  for (const name of Object.keys(PAGES)) {
    const [page, bare] = [medianOf(runs[name]!), medianOf(runs[`${name} without its scripts`]!)]
    const before = medianOf(runs[`${name} without its scripts, before`]!)
    console.log(
      `\n${name}: the page itself ${bare.work} ms against ${before.work} before (${PAGES_BEFORE_COMMIT}): ${(bare.work / before.work).toFixed(2)}×; one heading ${medianOf(runs['one heading']!).work} ms`,
    )
    console.log(
      `${name}: the scripts add ${page.work - bare.work} ms of main-thread work (${page.work} against ${bare.work}) and ${page.longTaskMs - bare.longTaskMs} ms of long tasks; the main thread's CPU, median ${cpu(runs[name]!)} against ${cpu(runs[`${name} without its scripts`]!)} ms (runs ${runs[name]!.map((r) => r.cpu).join(', ')})`,
    )
  }
  for (const [name, list] of Object.entries(runs)) {
    const median = medianOf(list)
    console.log(
      `\n${name}: main-thread work ${list.map((r) => r.work).join(', ')} ms (median ${median.work}); the main thread's CPU ${cpu(list)} ms (runs ${list.map((r) => r.cpu).join(', ')}); long tasks ${median.longTasks} / ${median.longTaskMs} ms; TBT ${median.tbt} ms (runs ${list.map((r) => r.tbt).join(', ')}); LCP median ${[...list.map((r) => r.lcp)].sort((a, b) => a - b)[Math.floor(list.length / 2)]} ms (runs ${list.map((r) => r.lcp).join(', ')}); CPU index ${median.cpuIndex}`,
    )
    console.log(`  by kind (Lighthouse, ×4): ${top(median.groups, 8)}`)
    console.log(`  by trace event (self CPU, unthrottled): ${top(median.byEvent, 10)}`)
    console.log(`  by script (self CPU of the events a script's stack names): ${top(median.byScript, 8)}`)
  }
} finally {
  edge.close()
  await shop.dispose()
}

function top(values: Record<string, number>, n: number) {
  return Object.entries(values)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ${Math.round(v)}`)
    .join(', ')
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is tried again. */
async function lighthouse(url: string, name: string, attempts = 3): Promise<Run> {
  try {
    return await lighthouseOnce(url, name)
  } catch (error) {
    if (attempts <= 1) throw error
    return lighthouse(url, name, attempts - 1)
  }
}

async function lighthouseOnce(url: string, name: string): Promise<Run> {
  mkdirSync('test-results', { recursive: true })
  const report = `test-results/main-thread-${name}.json`
  const flags = ['--headless=new', ...chromiumArgs].join(' ')
  await new Promise<void>((resolve, reject) => {
    const child = spawn(
      'node_modules/.bin/lighthouse',
      [
        url,
        '--quiet',
        '--output=json',
        `--output-path=${report}`,
        '--save-assets',
        `--chrome-flags=${flags}`,
        '--only-categories=performance',
      ],
      { env: { ...process.env, CHROME_PATH: chromiumPath() } },
    )
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`lighthouse exited ${code}`))))
  })
  const json = JSON.parse(readFileSync(report, 'utf8'))
  const tracePath = report.replace(/\.json$/, '-0.trace.json')
  const trace = JSON.parse(readFileSync(tracePath, 'utf8'))
  if (!process.env.KEEP_TRACES) {
    rmSync(tracePath)
    rmSync(tracePath.replace('trace', 'devtoolslog'), { force: true })
  }
  const longTasks = (json.audits['long-tasks']?.details?.items ?? []) as { duration: number }[]
  return {
    work: Math.round(json.audits['mainthread-work-breakdown'].numericValue),
    longTasks: longTasks.length,
    longTaskMs: Math.round(longTasks.reduce((t, x) => t + x.duration, 0)),
    tbt: Math.round(json.audits['total-blocking-time'].numericValue),
    lcp: Math.round(json.audits['largest-contentful-paint'].numericValue),
    cpuIndex: Math.round(json.environment.benchmarkIndex),
    groups: Object.fromEntries(
      (json.audits['mainthread-work-breakdown'].details?.items ?? []).map((i: { group: string; duration: number }) => [
        i.group,
        i.duration,
      ]),
    ),
    ...selfTimes(trace.traceEvents ?? trace),
  }
}

/** Self CPU time on the page's main thread, by event name and by the script a stack names. */
function selfTimes(events: TraceEvent[]): {
  cpu: number
  byEvent: Record<string, number>
  byScript: Record<string, number>
} {
  const mains = events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
  const onThread = (m: TraceEvent) =>
    events.filter((e) => e.pid === m.pid && e.tid === m.tid && e.ph === 'X' && e.dur !== undefined)
  const thread = mains.map(onThread).sort((a, b) => b.length - a.length)[0] ?? []
  thread.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!)
  const byEvent: Record<string, number> = {}
  const byScript: Record<string, number> = {}
  // A stack of open events: each event's self time is its CPU time less its children's.
  const open: { end: number; cpu: number; childCpu: number; e: TraceEvent; script?: string }[] = []
  const close = (until: number) => {
    while (open.length && open.at(-1)!.end <= until) {
      const done = open.pop()!
      const self = Math.max(0, done.cpu - done.childCpu) / 1000
      byEvent[done.e.name] = (byEvent[done.e.name] ?? 0) + self
      if (done.script) byScript[done.script] = (byScript[done.script] ?? 0) + self
      if (open.length) open.at(-1)!.childCpu += done.cpu
    }
  }
  for (const e of thread) {
    close(e.ts)
    const url = e.args?.data?.url || e.args?.data?.stackTrace?.[0]?.url
    const script = url
      ? url.startsWith('http')
        ? new URL(url).pathname.split('/').pop() || 'the page'
        : url
      : open.at(-1)?.script
    open.push({ end: e.ts + e.dur!, cpu: e.tdur ?? e.dur!, childCpu: 0, e, script })
  }
  close(Infinity)
  const cpu = Math.round(
    thread.filter((e) => e.name === 'RunTask').reduce((sum, e) => sum + (e.tdur ?? e.dur!), 0) / 1000,
  )
  return { cpu, byEvent, byScript }
}
