import { Miniflare } from 'miniflare'
import type { Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { startStorefrontDouble, type RunningDouble } from '../double/server.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

const WORKER_NAME = 'blanket-shop'
export const PUBLIC_TOKEN = 'test-public-token-5f2c'
export const PRIVATE_TOKEN = 'test-private-token-9ab1'

export type Shop = Awaited<ReturnType<typeof startShop>>

/**
 * The deployed Worker bundle (dist/worker, from `npm run build`) running in workerd, with
 * the Storefront double on loopback. `vars` override wrangler.toml's.
 */
export async function startShop(vars: Record<string, string> = {}, options: { checkoutsPerMinute?: number; inspect?: boolean } = {}) {
  const upstream: RunningDouble = await startStorefrontDouble()
  const logs: string[] = []
  const mf = new Miniflare({
    rootPath: root,
    name: WORKER_NAME,
    modules: true,
    scriptPath: 'dist/worker/index.js',
    compatibilityDate: '2026-04-01',
    cf: false,
    bindings: {
      SHOPIFY_STORE_DOMAIN: upstream.origin,
      SHOPIFY_STOREFRONT_TOKEN: PUBLIC_TOKEN,
      RENDER_DEADLINE_MS: '200',
      // Off by default so tests see the product cache; html-cache.test.ts turns it on.
      HTML_CACHE_SECONDS: '0',
      STOREFRONT_TIMEOUT_MS: '4000',
      ...vars,
    },
    // wrangler.toml allows 10 a minute per IP; tests that are not about the limit send more.
    ratelimits: { CHECKOUT_RATE_LIMITER: { namespace_id: '1001', simple: { limit: options.checkoutsPerMinute ?? 1_000_000, period: 60 } } },
    // The V8 inspector, for liveHeapBytes (the bench's soak); no session is attached until asked.
    ...(options.inspect ? { inspectorPort: 0 } : {}),
    assets: { directory: 'dist/client', binding: 'ASSETS', routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true } },
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
  })
  const url = await mf.ready
  const origin = url.origin

  return {
    origin,
    double: upstream.double,
    doubleOrigin: upstream.origin,
    logs,
    /** Structured log lines the Worker wrote, parsed. */
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
    /** The Worker's live JavaScript heap, after a full garbage collection (needs `inspect`). */
    async liveHeapBytes() {
      return liveHeapBytes(new URL(`/core:user:${WORKER_NAME}`, await mf.getInspectorURL()))
    },
    async dispose() {
      await mf.dispose()
      await upstream.close()
    },
  }
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

/** Waits until `check` holds, polling; for background work such as a cache refresh. */
export async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3000) {
  const started = Date.now()
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time')
    await sleep(20)
  }
}

/** The modules a page's starter script imports before hydrating (src/render/start-app.ts). */
export function appModules(html: string): string[] {
  const listed = /<script data-modules="([^"]+)">/.exec(html)?.[1]
  if (!listed) throw new Error('the page has no starter script')
  return JSON.parse(listed.replaceAll('&quot;', '"')) as string[]
}
