import { KEY_HEADERS } from '../cache-key-headers.ts'

/**
 * A small stand-in for Workers Cache, for `npm start` and the tests only: Miniflare does not
 * emulate it yet (`ctx.cache` is undefined locally; workers-sdk discussion #14734). Only the
 * local Worker (src/local/index.ts, wrangler.toml's top level) wraps the shop in it; the
 * deployed Worker's entry is src/index.ts, where Cloudflare itself is the cache.
 *
 * It keeps the contract the shop relies on (docs: "Workers Cache", "Configuration",
 * "Purging the cache", "Cache keys"):
 * - in front of the Worker: a fresh hit is answered without running it;
 * - GET and HEAD only, keyed by path and query string and the headers Cloudflare's default
 *   cache key holds (KEY_HEADERS: Origin, X-HTTP-Method-Override and the like);
 * - lifetimes from `Cloudflare-CDN-Cache-Control`, else `CDN-Cache-Control`, else
 *   `Cache-Control`: max-age, stale-while-revalidate (served at once, revalidated behind),
 *   stale-if-error (served when the Worker fails with 5xx), no-store / private / no-cache;
 * - `Cache-Tag` in, `ctx.cache.purge({ tags })` out, and `Cloudflare-CDN-Cache-Control` is not
 *   passed on; `cf-cache-status` says HIT, MISS, UPDATING, STALE, EXPIRED or DYNAMIC.
 *
 * Each instance is one data centre. A purge is global on Cloudflare, so when the local
 * Worker has a `WORKERS_CACHE_PEERS` binding (the tests' two data centres), purges go
 * through it to every instance.
 */

// Hono's app.fetch, whose Request type is the DOM one.
type Handler = {
  // biome-ignore lint/suspicious/noExplicitAny: Hono's Request carries cf properties as any
  fetch(request: Request<unknown, any>, env: never, ctx: ExecutionContext): Response | Promise<Response>
}
type Stored = {
  body: ArrayBuffer
  status: number
  headers: [string, string][]
  storedAt: number
  policy: Policy
  tags: string[]
}
type Policy = { maxAge: number; staleWhileRevalidate: number; staleIfError: number }

export const PURGE_PATH = '/__workers-cache/purge'
const MAX_ENTRIES = 500

export function withLocalWorkersCache<E extends { WORKERS_CACHE_PEERS?: Fetcher }>(worker: Handler) {
  const entries = new Map<string, Stored>()
  const revalidating = new Set<string>()

  const purgeHere = (tags: string[]) => {
    for (const [key, entry] of entries) if (entry.tags.some((tag) => tags.includes(tag))) entries.delete(key)
  }

  return {
    async fetch(request: Request, env: E, ctx: ExecutionContext): Promise<Response> {
      const url = new URL(request.url)
      if (url.pathname === PURGE_PATH && request.headers.get('X-Workers-Cache-Peer') === 'purge') {
        purgeHere(((await request.json()) as { tags: string[] }).tags)
        return new Response(null, { status: 204 })
      }
      const cache = {
        async purge({ tags }: { tags: string[] }) {
          if (!env.WORKERS_CACHE_PEERS) return purgeHere(tags)
          const peers = await env.WORKERS_CACHE_PEERS.fetch(`http://peers${PURGE_PATH}`, {
            method: 'POST',
            body: JSON.stringify({ tags }),
          })
          if (!peers.ok) throw new Error(`purge failed: ${peers.status}`)
        },
      }
      // `exports`: the Worker's loopback to itself (src/canonical-pages.ts), which comes back
      // through this stand-in as it goes through Workers Cache on Cloudflare.
      const workerCtx = {
        cache,
        props: ctx.props,
        exports: ctx.exports,
        waitUntil: ctx.waitUntil.bind(ctx),
        passThroughOnException: ctx.passThroughOnException.bind(ctx),
      }
      const run = () => worker.fetch(request.clone(), env as never, workerCtx as unknown as ExecutionContext)

      // HEAD is answered from a kept GET, but never kept itself: it has no body to keep.
      if (request.method !== 'GET' && request.method !== 'HEAD') return withStatus(await run(), 'DYNAMIC')
      // As production's default cache key: the URL, and the request headers it holds (docs:
      // "Cache Keys"), so that a header the Worker ignores splits the cache here as there.
      const key = [url.pathname + url.search, ...KEY_HEADERS.map((name) => request.headers.get(name) ?? '')].join('\n')
      const entry = entries.get(key)
      const age = entry ? (Date.now() - entry.storedAt) / 1000 : Infinity

      if (entry && age < entry.policy.maxAge) return served(entry, 'HIT', age)
      if (entry && age < entry.policy.maxAge + entry.policy.staleWhileRevalidate) {
        if (!revalidating.has(key)) {
          revalidating.add(key)
          ctx.waitUntil(
            Promise.resolve(run())
              .then((response) => store(key, request, response))
              .catch(() => {})
              .finally(() => revalidating.delete(key)),
          )
        }
        return served(entry, 'UPDATING', age)
      }

      let response: Response
      try {
        response = await run()
      } catch (error) {
        if (entry && age < entry.policy.maxAge + entry.policy.staleIfError) return served(entry, 'STALE', age)
        throw error
      }
      if (response.status >= 500 && entry && age < entry.policy.maxAge + entry.policy.staleIfError) {
        await response.body?.cancel()
        return served(entry, 'STALE', age)
      }
      const stored = await store(key, request, response)
      if (stored) return served(stored, entry ? 'EXPIRED' : 'MISS', 0)
      return withStatus(response, 'DYNAMIC')
    },
  }

  /** Keeps a copy if its headers allow; resolves to the copy, or null when not kept. */
  async function store(key: string, request: Request, response: Response): Promise<Stored | null> {
    const policy = request.method === 'GET' ? cachePolicy(response) : null
    if (!policy) return null
    const entry: Stored = {
      body: await response.arrayBuffer(),
      status: response.status,
      headers: [...response.headers].filter(([name]) => name.toLowerCase() !== 'cloudflare-cdn-cache-control'),
      storedAt: Date.now(),
      policy,
      tags: (response.headers.get('Cache-Tag') ?? '')
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean),
    }
    entries.delete(key)
    entries.set(key, entry)
    if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!)
    return entry
  }
}

function served(entry: Stored, status: string, age: number): Response {
  const headers = new Headers(entry.headers)
  headers.set('Age', String(Math.floor(age)))
  headers.set('cf-cache-status', status)
  return new Response(entry.body.slice(0), { status: entry.status, headers })
}

function withStatus(response: Response, status: string): Response {
  const copy = new Response(response.body, response)
  copy.headers.delete('Cloudflare-CDN-Cache-Control')
  copy.headers.set('cf-cache-status', status)
  return copy
}

/** What RFC 9111 lets a shared cache do with this response; null when it may not keep it. */
export function cachePolicy(response: Response): Policy | null {
  if (response.status !== 200 || response.headers.has('Set-Cookie')) return null
  const header =
    response.headers.get('Cloudflare-CDN-Cache-Control') ??
    response.headers.get('CDN-Cache-Control') ??
    response.headers.get('Cache-Control') ??
    ''
  const directives = new Map<string, string>(
    header
      .toLowerCase()
      .split(',')
      .map((part): [string, string] => {
        const [name = '', value = ''] = part.trim().split('=')
        return [name, value]
      })
      .filter(([name]) => name),
  )
  if (directives.has('no-store') || directives.has('private') || directives.has('no-cache')) return null
  const number = (name: string) => Number(directives.get(name) ?? 0) || 0
  const maxAge = directives.has('s-maxage') ? number('s-maxage') : number('max-age')
  if (maxAge <= 0) return null
  return {
    maxAge,
    // s-maxage turns stale-while-revalidate off on Workers Cache (docs: "Workers Cache").
    staleWhileRevalidate: directives.has('s-maxage') ? 0 : number('stale-while-revalidate'),
    staleIfError: number('stale-if-error'),
  }
}
