import { Miniflare } from 'miniflare'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { unstable_getMiniflareWorkerOptions } from 'wrangler'
import { aggregate, type Report } from '../report/aggregate.ts'
import { localStandIn } from '../report/sources.ts'
import { shipsTo } from '../report/shipping.ts'
import { REPORT_PATH } from '../../src/local/analytics.ts'
import { PURGE_PATH } from '../../src/local/workers-cache.ts'
import { startStorefrontDouble, type RunningDouble } from '../../storefront-double/server.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

const DATA_CENTRE = (n: number) => `dc-${n}`
/**
 * The class a failed checkout's answer gives (`reason`, for the field analytics) for the
 * catalogue's message the Worker raised: the Storefront error's kind.
 */
export function reasonOf(raised: string): string {
  const kinds: [RegExp, string][] = [
    [/^Shopify API access requires/, 'billing'],
    [/^HTTP error!/, 'http'],
    [/^Error calling Shopify/, 'graphql'],
    [/^Cart creation failed/, 'user'],
    [/^Shopify did not answer within/, 'timeout'],
    [/^Could not reach Shopify/, 'network'],
    [/^(No checkout URL|Shopify answered with|Unexpected answer from Shopify)/, 'shape'],
  ]
  const kind = kinds.find(([pattern]) => pattern.test(raised))
  if (!kind) throw new Error(`no class for "${raised}"`)
  return kind[1]
}

/** What Cloudflare puts on every request (`request.cf`), here the same for all. */
export const TEST_CF = { country: 'NZ', colo: 'AKL' }
export const PUBLIC_TOKEN = 'test-public-token-5f2c'
export const PRIVATE_TOKEN = 'test-private-token-9ab1'
/** A read_markets Admin API token, for the scheduled comparison of the tax words (src/monitoring/price-inclusions.ts). */
export const ADMIN_TOKEN = 'test-admin-token-41d7'

export type Shop = Awaited<ReturnType<typeof startShop>>
type ShopOptions = {
  checkoutsPerMinute?: number
  permalinksPerMinute?: number
  storefrontCallsPerMinute?: number
  eventsPerMinute?: number
  inspect?: boolean
  /** Give the Worker Miniflare's Analytics Engine binding, which drops every write (as production's costs the request nothing), instead of the local stand-in that keeps them. */
  dropAnalytics?: boolean
}

/** Vars for the Worker; a function when they name the double's origin, known only once it runs. */
type Vars = Record<string, string> | ((doubleOrigin: string) => Record<string, string>)

export async function startShop(vars: Vars = {}, options: ShopOptions = {}) {
  const [shop] = await startDataCentres(1, vars, options)
  return shop!
}

/**
 * The local Worker as built by `npm run build` (dist/worker: the shop behind the Workers
 * Cache stand-in) running in workerd, with the Storefront double on loopback. Each of
 * `count` data centres is its own Worker instance with its own page cache and URL; they
 * share the product's Durable Object (one per product worldwide, as on Cloudflare), and a
 * purge reaches them all (Workers Cache purges globally). Assets, their routing and the
 * bindings come from wrangler.toml's top level; `vars` override its vars.
 */
export async function startDataCentres(count: number, vars: Vars = {}, options: ShopOptions = {}) {
  const upstream: RunningDouble = await startStorefrontDouble()
  const overrides = typeof vars === 'function' ? vars(upstream.origin) : vars
  const logs: string[] = []
  // Purges to refuse before passing any on: Cloudflare's purge fails when the account is past
  // its purge rate limit ("Purge cache": 5 a minute on the free plan) or the call errs.
  let purgesToFail = 0
  const fromConfig = unstable_getMiniflareWorkerOptions(`${root}/wrangler.toml`).workerOptions
  const names = Array.from({ length: count }, (_, i) => DATA_CENTRE(i + 1))
  const mf: Miniflare = new Miniflare({
    rootPath: root,
    cf: TEST_CF,
    ...(options.inspect ? { inspectorPort: 0 } : {}),
    handleRuntimeStdio(stdout: Readable, stderr: Readable) {
      for (const stream of [stdout, stderr]) {
        let buffered = ''
        stream.on('data', (chunk: Buffer) => {
          buffered += chunk.toString()
          const lines = buffered.split('\n')
          buffered = lines.pop()!
          logs.push(...lines.filter(Boolean))
        })
      }
    },
    workers: names.map((name, i) => ({
      name,
      compatibilityDate: fromConfig.compatibilityDate,
      compatibilityFlags: fromConfig.compatibilityFlags,
      modules: true,
      scriptPath: 'dist/worker/index.js',
      bindings: {
        ...(fromConfig.bindings as Record<string, string>),
        SHOPIFY_STORE_DOMAIN: upstream.origin,
        SHOPIFY_STOREFRONT_TOKEN: PUBLIC_TOKEN,
        SHOPIFY_ADMIN_TOKEN: ADMIN_TOKEN,
        // Off by default so tests see the product cache; page-cache tests turn it on.
        HTML_CACHE_SECONDS: '0',
        STOREFRONT_TIMEOUT_MS: '4000',
        ...overrides,
      },
      // The first data centre hosts the Durable Object class; the others reach the same objects.
      durableObjects: Object.fromEntries(
        [
          ['PRODUCT_STORE', 'ProductStore'],
          ['CHECKOUT_HEALTH', 'CheckoutHealth'],
          ['ORDER_LEDGER', 'OrderLedger'],
        ].map(([binding, className]) => [
          binding,
          i === 0 ? className! : { className: className!, scriptName: names[0] },
        ]),
      ),
      // wrangler.toml's limits; tests that are not about a limit raise it.
      ratelimits: {
        CHECKOUT_RATE_LIMITER: {
          namespace_id: '1001',
          simple: { limit: options.checkoutsPerMinute ?? 1_000_000, period: 60 },
        },
        PERMALINK_RATE_LIMITER: {
          namespace_id: '1004',
          simple: { limit: options.permalinksPerMinute ?? 1_000_000, period: 60 },
        },
        STOREFRONT_RATE_LIMITER: {
          namespace_id: '1002',
          simple: { limit: options.storefrontCallsPerMinute ?? 1_000_000, period: 60 },
        },
        EVENTS_RATE_LIMITER: {
          namespace_id: '1003',
          simple: { limit: options.eventsPerMinute ?? 1_000_000, period: 60 },
        },
      },
      ...(options.dropAnalytics ? { analyticsEngineDatasets: { EVENTS: { dataset: 'bench' } } } : {}),
      assets: { ...fromConfig.assets!, workerName: name },
      // Cloudflare's purge is global: the stand-in sends each one here, and this sends it to every data centre.
      serviceBindings: {
        async WORKERS_CACHE_PEERS(request: Request) {
          const body = await request.text()
          if (purgesToFail > 0) {
            purgesToFail--
            return new Response('purge refused: rate limited', { status: 429 })
          }
          for (const peer of names) {
            const res = await (await mf.getWorker(peer)).fetch(`http://peer${PURGE_PATH}`, {
              method: 'POST',
              body,
              headers: { 'X-Workers-Cache-Peer': 'purge' },
            })
            if (res.status !== 204) return new Response(`purge at ${peer} failed`, { status: 502 })
          }
          return new Response(null, { status: 204 })
        },
      },
      unsafeDirectSockets: [{ host: '127.0.0.1', port: 0 }],
    })),
  })
  await mf.ready
  const origins = await Promise.all(names.map(async (name) => (await mf.unsafeGetDirectURL(name)).origin))
  // With a webhook secret the shop takes Shopify's orders/create: the double's checkout sends it there when a buyer pays.
  if (overrides.SHOPIFY_WEBHOOK_SECRET)
    upstream.double.sendOrdersTo({
      url: `${origins[0]}/webhooks/orders/create`,
      secret: overrides.SHOPIFY_WEBHOOK_SECRET,
    })
  let disposed: Promise<void> | undefined
  const dispose = () => (disposed ??= mf.dispose().then(() => upstream.close()))

  return origins.map((origin, i) => ({
    origin,
    double: upstream.double,
    doubleOrigin: upstream.origin,
    logs,
    /** The next `count` purges fail (everywhere: a purge is global), as when past the purge rate limit. */
    failPurges(count: number) {
      purgesToFail = count
    },
    /** Structured log lines the Workers wrote, parsed. */
    logEntries(): Record<string, unknown>[] {
      return logs.flatMap((line) => {
        try {
          const parsed = JSON.parse(line.slice(line.indexOf('{')))
          return typeof parsed === 'object' && parsed ? [parsed] : []
        } catch {
          return []
        }
      })
    },
    fetch(path: string, init?: RequestInit) {
      return fetch(new URL(path, origin), { redirect: 'manual', ...init })
    },
    /**
     * A request through Miniflare's own entry, which gives it `request.cf` (TEST_CF); the
     * direct socket `fetch` uses has none, like a request from inside Cloudflare.
     */
    async fetchWithCf(path: string, init?: RequestInit): Promise<Response> {
      return (await mf.dispatchFetch(new URL(path, origin), {
        redirect: 'manual',
        ...(init as object),
      })) as unknown as Response
    },
    /** What the Analytics Engine stand-in holds (src/local/analytics.ts), as the SQL API would answer. */
    async analyticsRows(): Promise<Record<string, string | number>[]> {
      return (
        (await (await fetch(new URL(`${REPORT_PATH}?hours=1`, origin))).json()) as {
          data: Record<string, string | number>[]
        }
      ).data
    },
    /** `npm run report` over the last hour, from the stand-in's own answers and where the shop's landing page says it ships. */
    async report(): Promise<Report> {
      const { answers, notes } = await localStandIn(origin).read(1)
      return aggregate(answers, notes, await shipsTo(origin).catch(() => null))
    },
    /** Runs the Worker's `scheduled` handler, as the Cron Trigger does at `at` (now), and waits for it to finish. */
    async scheduled(cron = '*/5 * * * *', at = new Date()) {
      const result = await (await mf.getWorker(names[i])).scheduled({ cron, scheduledTime: at })
      if (result.outcome !== 'ok') throw new Error(`scheduled ended ${result.outcome}`)
    },
    /** The Worker's live JavaScript heap, after a full garbage collection (needs `inspect`). */
    async liveHeapBytes() {
      return liveHeapBytes(new URL(`/core:user:${names[i]}`, await mf.getInspectorURL()))
    },
    dispose,
  }))
}

/**
 * Over the inspector protocol: a heap snapshot, which V8 precedes with a full garbage
 * collection (workerd does not answer HeapProfiler.collectGarbage), then the heap's used size.
 */
async function liveHeapBytes(target: URL): Promise<number> {
  const socket = new WebSocket(target)
  await new Promise((resolve, reject) => {
    socket.onopen = resolve
    socket.onerror = reject
  })
  let nextId = 0
  const replies = new Map<number, (result: Record<string, unknown>) => void>()
  socket.onmessage = ({ data }) => {
    const message = JSON.parse(String(data)) as { id?: number; result?: Record<string, unknown> }
    if (message.id !== undefined) replies.get(message.id)?.(message.result ?? {})
  }
  const send = (method: string, params: object = {}) =>
    new Promise<Record<string, unknown>>((resolve) => {
      replies.set(++nextId, resolve)
      socket.send(JSON.stringify({ id: nextId, method, params }))
    })
  try {
    await send('HeapProfiler.enable')
    await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false }) // its chunks are ignored
    return (await send('Runtime.getHeapUsage')).usedSize as number
  } finally {
    socket.close()
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Resolves once a minute's rate-limit window has `roomMs` left. Miniflare counts a limit in
 * fixed windows of its period from the epoch (its ratelimit object: `Math.floor(Date.now() /
 * (period * 1000))`), so requests that count to a limit across a minute's turn start over
 * halfway; a test that counts to one starts where the window is known.
 */
export async function inOneRateLimitWindow(roomMs = 5_000) {
  const left = 60_000 - (Date.now() % 60_000)
  if (left < roomMs) await sleep(left + 50)
}

/** Waits until `check` holds, polling; for background work such as a cache refresh. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3000) {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time')
    await sleep(20)
  }
}

/** The JavaScript a page's starter script imports before the page can hydrate (client/starter/starter.ts), as the shop serves it. */
export async function criticalJs(shop: Shop, path: string, init?: RequestInit): Promise<Buffer[]> {
  const modules = new Set(appModules(await (await shop.fetch(path, init)).text()))
  return Promise.all([...modules].map(async (src) => Buffer.from(await (await shop.fetch(src)).arrayBuffer())))
}

export function appModules(html: string): string[] {
  const listed = /<script data-modules="([^"]+)">/.exec(html)?.[1]
  if (!listed) throw new Error('the page has no starter script')
  return JSON.parse(listed.replaceAll('&quot;', '"')) as string[]
}
