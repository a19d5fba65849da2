// The scale model: what the shop's caching costs and how stale it gets at 5,000 page
// requests a second across 300 data centres for 10 minutes, with the product's price
// changed (and Shopify's products/update webhook sent) 5½ minutes in. It simulates every
// request, for two designs:
//
//   per-DC Cache API (before): the Worker runs on every request; finished pages and the
//     product's query kept per data centre in the Cache API (60 s page; product 60 s fresh
//     + 600 s stale-while-revalidate), coalesced per isolate; the webhook purges the one
//     data centre it reaches.
//   Workers Cache + product Durable Object (now): pages in Workers Cache (60 s fresh, 600 s
//     stale-while-revalidate; tiered), the Worker runs only on a miss or a revalidation;
//     the product's one Durable Object is the only caller of Shopify (60 s fresh, 600 s
//     SWR); the webhook refreshes it and purges the product's tag worldwide.
//   the same with invalidate(): the soft purge (Cloudflare changelog 2026-09-29, "Workers
//     Cache — mark cached responses stale with invalidate()") keeps the tagged pages but
//     marks them stale; the next request at each tier is served the stale page while the
//     tier revalidates (a conditional request: 304 if unchanged, else the new page). A lower
//     tier revalidates against its upper tier, which answers with what it holds, with its
//     age: a lower tier that asks while its upper tier is still revalidating keeps the old
//     page as fresh for the rest of its lifetime (assumed: Cloudflare does not say how an
//     invalidated upper tier answers a lower one).
//
// It is a model, not a measurement: its assumptions are the constants below, each said
// once. `npm run bench` runs it and writes bench/scale-model.md; `node bench/scale-model.ts`
// runs it alone.

import { writeFileSync } from 'node:fs'
import { median } from './median.ts'

const RATE = 5_000 // page requests a second, worldwide
const DATA_CENTRES = 300
const SECONDS = 600
const PRICE_CHANGE_AT = 330 // the webhook arrives as Shopify changes the price
const SHOPIFY_MS = 300 // one product query
const PURGE_S = 1 // Workers Cache purge reaching every location ("Instant Purge" is faster)
const WEBHOOK_REFETCH_S = 10 // WEBHOOK_REFETCH_DELAY_MS
const UPPER_TIERS = 10 // Workers Cache's upper tiers (tiered cache); each data centre uses one
const ISOLATE_RPS = 50 // requests a second one isolate takes before a location runs another
const PAGE = { fresh: 60, swr: 600 }
const PRODUCT = { fresh: 60, swr: 600 }
// Page mix: the landing page and the product page show the product; the rest do not.
const PATHS = [
  ['/', 0.6, true],
  ['/product/toddler-blanket', 0.3, true],
  ['/about', 0.1, false],
] as const

type Figures = {
  name: string
  lagS: number
  callsPerMinute: number[]
  invocationsPerMinute: number[]
  worstStaleS: number
  staleServed: number
}

/** mulberry32: the same requests for both designs, every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// Traffic by location follows Zipf's law: a few large data centres, many small ones.
const weights = Array.from({ length: DATA_CENTRES }, (_, i) => 1 / (i + 1))
const total = weights.reduce((a, b) => a + b)
const cumulative = weights.map(
  (
    (sum) => (w: number) =>
      (sum += w / total)
  )(0),
)
const ratePerDc = weights.map((w) => (RATE * w) / total)

type Request = { t: number; dc: number; path: number }
function* requests(): Generator<Request[]> {
  const next = random(42)
  for (let second = 0; second < SECONDS; second++) {
    const batch: Request[] = []
    for (let i = 0; i < RATE; i++) {
      const u = next()
      let lo = 0
      let hi = DATA_CENTRES - 1
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if (cumulative[mid]! < u) lo = mid + 1
        else hi = mid
      }
      const p = next()
      batch.push({ t: second + next(), dc: lo, path: p < PATHS[0][1] ? 0 : p < PATHS[0][1] + PATHS[1][1] ? 1 : 2 })
    }
    yield batch.sort((a, b) => a.t - b.t)
  }
}

/** What Shopify answers at time t: the price version, after its lag. */
const shopifyVersion = (t: number, lagS: number) => (t >= PRICE_CHANGE_AT + lagS ? 2 : 1)

function newFigures(name: string, lagS: number): Figures {
  const minutes = Math.ceil(SECONDS / 60)
  return {
    name,
    lagS,
    callsPerMinute: Array(minutes).fill(0),
    invocationsPerMinute: Array(minutes).fill(0),
    worstStaleS: 0,
    staleServed: 0,
  }
}

function served(figures: Figures, req: Request, version: number | null) {
  if (version === 1 && req.t >= PRICE_CHANGE_AT) {
    figures.worstStaleS = Math.max(figures.worstStaleS, req.t - PRICE_CHANGE_AT)
    figures.staleServed++
  }
}

/** The design before: everything per data centre, the Worker on every request. */
function perDataCentreCacheApi(lagS: number): Figures {
  const figures = newFigures('per-DC Cache API (before)', lagS)
  const call = (t: number) => {
    figures.callsPerMinute[Math.floor(t / 60)]!++
    return { version: shopifyVersion(t, lagS), at: t + SHOPIFY_MS / 1000 }
  }
  type Product = { storedAt: number; version: number; pending?: { at: number; version: number } }
  const products: (Product | null)[] = Array(DATA_CENTRES).fill(null)
  const pages = Array.from(
    { length: DATA_CENTRES },
    () => new Map<number, { storedAt: number; version: number | null }>(),
  )
  const inflight = Array.from({ length: DATA_CENTRES }, () => new Map<number, { at: number; version: number }>())
  const isolates = ratePerDc.map((rate) => Math.max(1, Math.ceil(rate / ISOLATE_RPS)))
  const pick = random(7)
  let webhookDone = false
  const webhookDc = Math.floor(DATA_CENTRES / 2) // any one location; the others never hear of it

  const product = (dc: number, t: number): number => {
    let entry = products[dc]
    if (entry?.pending && entry.pending.at <= t)
      entry = products[dc] = { storedAt: entry.pending.at, version: entry.pending.version }
    const isolate = Math.floor(pick() * isolates[dc]!)
    const running = inflight[dc]!.get(isolate)
    const age = entry ? t - entry.storedAt : Infinity
    if (entry && age < PRODUCT.fresh) return entry.version
    if (entry && age < PRODUCT.fresh + PRODUCT.swr) {
      if (!running || running.at <= t) {
        const refresh = call(t)
        inflight[dc]!.set(isolate, refresh)
        entry.pending = refresh
      }
      return entry.version
    }
    if (running && running.at > t) return running.version
    const fetched = call(t)
    inflight[dc]!.set(isolate, fetched)
    products[dc] = { storedAt: fetched.at, version: fetched.version }
    return fetched.version
  }

  for (const batch of requests()) {
    for (const req of batch) {
      if (!webhookDone && req.t >= PRICE_CHANGE_AT) {
        webhookDone = true
        pages[webhookDc]!.clear()
        const now = call(PRICE_CHANGE_AT)
        products[webhookDc] = {
          storedAt: now.at,
          version: now.version,
          pending: call(PRICE_CHANGE_AT + WEBHOOK_REFETCH_S),
        }
      }
      figures.invocationsPerMinute[Math.floor(req.t / 60)]!++ // the Worker runs before the Cache API
      const kept = pages[req.dc]!.get(req.path)
      if (kept && req.t - kept.storedAt < PAGE.fresh) {
        served(figures, req, kept.version)
        continue
      }
      const version = PATHS[req.path]![2] ? product(req.dc, req.t) : null
      pages[req.dc]!.set(req.path, { storedAt: req.t, version })
      served(figures, req, version)
    }
  }
  return figures
}

/** The design now: Workers Cache in front, one Durable Object per product behind; `soft`: invalidate() in place of purge(). */
function workersCacheAndDurableObject(lagS: number, soft = false): Figures {
  const figures = newFigures(
    soft ? 'the same with invalidate() (soft purge)' : 'Workers Cache + product Durable Object (now)',
    lagS,
  )
  const store = { storedAt: -Infinity, version: 0, refreshing: null as null | { at: number; version: number } }
  const call = (t: number) => {
    figures.callsPerMinute[Math.floor(t / 60)]!++
    return { at: t + SHOPIFY_MS / 1000, version: shopifyVersion(t, lagS) }
  }
  const settle = (t: number) => {
    if (store.refreshing && store.refreshing.at <= t) {
      Object.assign(store, { storedAt: store.refreshing.at, version: store.refreshing.version, refreshing: null })
    }
  }
  /** The Durable Object's read: one refresh at a time, worldwide. */
  const readProduct = (t: number): { version: number; at: number } => {
    settle(t)
    const age = t - store.storedAt
    if (age < PRODUCT.fresh) return { version: store.version, at: t }
    if (age < PRODUCT.fresh + PRODUCT.swr) {
      store.refreshing ??= call(t)
      return { version: store.version, at: t }
    }
    store.refreshing ??= call(t)
    return { version: store.refreshing.version, at: store.refreshing.at }
  }
  /** A Worker invocation: renders the page, at the upper tier that missed or revalidates. */
  const render = (t: number, path: number) => {
    figures.invocationsPerMinute[Math.floor(t / 60)]!++
    if (!PATHS[path]![2]) return { version: null, at: t }
    return readProduct(t)
  }

  type Entry = {
    storedAt: number
    version: number | null
    invalid?: boolean
    revalidating?: { at: number; version: number | null; storedAt: number }
  }
  const upper = Array.from({ length: UPPER_TIERS }, () => new Map<number, Entry>())
  const lower = Array.from({ length: DATA_CENTRES }, () => new Map<number, Entry>())
  const tierOf = (dc: number) => dc % UPPER_TIERS

  /** One cache tier: fresh, stale-while-revalidate (from `fill`), or a miss filled by `fill`. */
  const lookup = (
    tier: Map<number, Entry>,
    path: number,
    t: number,
    fill: (t: number) => { version: number | null; at: number; storedAt?: number },
  ) => {
    let entry = tier.get(path)
    if (entry?.revalidating && entry.revalidating.at <= t) {
      entry = { storedAt: entry.revalidating.storedAt, version: entry.revalidating.version }
      tier.set(path, entry)
    }
    const age = entry ? t - entry.storedAt : Infinity
    if (entry && !entry.invalid && age < PAGE.fresh) return { version: entry.version, at: t, storedAt: entry.storedAt }
    if (entry && (entry.invalid || age < PAGE.fresh + PAGE.swr)) {
      if (!entry.revalidating) {
        const filled = fill(t)
        entry.revalidating = { at: filled.at, version: filled.version, storedAt: filled.storedAt ?? filled.at }
      }
      return { version: entry.version, at: t, storedAt: entry.storedAt }
    }
    const filled = fill(t)
    const stored = { storedAt: filled.storedAt ?? filled.at, version: filled.version }
    tier.set(path, stored)
    return { version: filled.version, at: filled.at, storedAt: stored.storedAt }
  }

  const purgeAt: number[] = []
  let webhookDone = false
  for (const batch of requests()) {
    for (const req of batch) {
      if (!webhookDone && req.t >= PRICE_CHANGE_AT) {
        webhookDone = true
        settle(PRICE_CHANGE_AT)
        const before = store.version
        const now = call(PRICE_CHANGE_AT)
        Object.assign(store, { storedAt: now.at, version: now.version, refreshing: null })
        purgeAt.push(now.at + PURGE_S)
        if (now.version === before) {
          // Shopify lagged: refetch after the delay, and purge again.
          const later = call(PRICE_CHANGE_AT + WEBHOOK_REFETCH_S)
          store.refreshing = later
          purgeAt.push(later.at + PURGE_S)
        }
      }
      while (purgeAt.length && purgeAt[0]! <= req.t) {
        purgeAt.shift()
        for (const tier of [...upper, ...lower]) {
          for (const path of [0, 1]) {
            const entry = tier.get(path)
            if (!soft) tier.delete(path)
            else if (entry) tier.set(path, { storedAt: entry.storedAt, version: entry.version, invalid: true })
          }
        }
      }
      const page = lookup(lower[req.dc]!, req.path, req.t, (t) =>
        lookup(upper[tierOf(req.dc)]!, req.path, t, (t2) => render(t2, req.path)),
      )
      served(figures, req, page.version)
    }
  }
  return figures
}

const runs = [0, 5].flatMap((lagS) => [
  perDataCentreCacheApi(lagS),
  workersCacheAndDurableObject(lagS),
  workersCacheAndDurableObject(lagS, true),
])
const webhookMinute = Math.floor(PRICE_CHANGE_AT / 60)

const rows = runs.map((f) => {
  const calls = f.callsPerMinute
  const steady = calls.filter((_, minute) => minute !== Math.floor(PRICE_CHANGE_AT / 60))
  return `| ${f.name} | ${f.lagS} s | ${median(calls)} | ${Math.max(...steady)} | ${Math.max(...calls)} | ${f.worstStaleS.toFixed(1)} s | ${f.staleServed.toLocaleString('en-US')} | ${Math.round(median(f.invocationsPerMinute)).toLocaleString('en-US')} | ${f.invocationsPerMinute[webhookMinute]!.toLocaleString('en-US')} |`
})
const table = [
  `Scale model: ${RATE.toLocaleString('en-US')} page requests/s over ${DATA_CENTRES} data centres for ${SECONDS / 60} minutes; the price changes and the webhook arrives at ${PRICE_CHANGE_AT} s.`,
  '',
  "| design | Shopify lag | product calls/min (median) | max in a minute without a webhook | max in any minute | worst staleness after the webhook | old prices served after the webhook | Worker invocations/min (median) | Worker invocations in the webhook's minute |",
  '|---|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n')

console.log(table)
const now = runs.filter((f) => f.name.endsWith('(now)'))
const softRuns = runs.filter((f) => f.name.includes('invalidate'))
const steadyMax = Math.max(
  ...now.flatMap((f) => f.callsPerMinute.filter((_, m) => m !== Math.floor(PRICE_CHANGE_AT / 60))),
)
const noLag = now.find((f) => f.lagS === 0)!
const lagged = now.find((f) => f.lagS > 0)!
const verdict = [
  `- at most 2 product calls a minute worldwide: ${Math.max(...noLag.callsPerMinute) <= 2 && steadyMax <= 2 ? 'met' : 'NOT met'} (at most ${steadyMax} in a minute without a webhook; ${Math.max(...noLag.callsPerMinute)} in the webhook's minute, ${Math.max(...lagged.callsPerMinute)} when Shopify lags and the refetch is needed)`,
  `- the new price everywhere within 10 s of the webhook: ${noLag.worstStaleS <= 10 ? 'met' : 'NOT met'} (${noLag.worstStaleS.toFixed(1)} s; with a ${lagged.lagS} s Shopify lag, ${lagged.worstStaleS.toFixed(1)} s, within 10 s plus the ${WEBHOOK_REFETCH_S} s refetch: ${lagged.worstStaleS <= 10 + WEBHOOK_REFETCH_S ? 'met' : 'NOT met'})`,
  `- purge() against invalidate() (no lag / ${lagged.lagS} s lag): the new price everywhere after ${noLag.worstStaleS.toFixed(1)} / ${lagged.worstStaleS.toFixed(1)} s against ${softRuns[0]!.worstStaleS.toFixed(1)} / ${softRuns[1]!.worstStaleS.toFixed(1)} s; ${noLag.staleServed.toLocaleString('en-US')} / ${lagged.staleServed.toLocaleString('en-US')} old prices served against ${softRuns[0]!.staleServed.toLocaleString('en-US')} / ${softRuns[1]!.staleServed.toLocaleString('en-US')}; Worker invocations in the webhook's minute ${noLag.invocationsPerMinute[webhookMinute]} / ${lagged.invocationsPerMinute[webhookMinute]} against ${softRuns[0]!.invocationsPerMinute[webhookMinute]} / ${softRuns[1]!.invocationsPerMinute[webhookMinute]}`,
].join('\n')
console.log(`\n${verdict}`)

writeFileSync(
  new URL('./scale-model.md', import.meta.url),
  `# Scale model\n\nWritten by \`bench/scale-model.ts\` (run by \`npm run bench\`); its header says what is modelled and assumed.\n\n${table}\n\n${verdict}\n`,
)
