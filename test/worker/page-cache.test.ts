import { request } from 'node:http'
import { afterEach, expect, test } from 'vitest'
import { signedWebhookHeaders } from '../../storefront-double/storefront-double.ts'
import { eventually, startDataCentres, startShop, type Shop } from '../../scripts/harness/shop.ts'
import { marketPath } from '../../client/model/market.ts'

// What Workers Cache may keep of a page, and how a purge reaches every data centre. The
// cache in front of the Worker here is the local stand-in (src/local/workers-cache.ts),
// which keeps the contract Cloudflare documents; the headers it obeys are the Worker's own.

const BROWSER = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36' }
const SECRET = 'whsec-test-4d1c'
let shops: Shop[] = []
afterEach(async () => {
  await Promise.all(shops.map((shop) => shop.dispose()))
  shops = []
})

async function open(vars: Record<string, string>) {
  const shop = await startShop(vars)
  shops.push(shop)
  return shop
}

async function get(shop: Shop, path: string) {
  const res = await shop.fetch(path, { headers: BROWSER })
  return { res, html: await res.text(), cache: res.headers.get('cf-cache-status') }
}

/** A GET with exactly these headers: fetch() would not send a Host of our choosing. */
function rawGet(shop: Shop, path: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(shop.origin)
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    request({ host: hostname, port, path, headers }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
    })
      .on('error', reject)
      .end()
  })
}

const productCalls = (shop: Shop) => shop.double.callsOf('ProductByHandle').length
/**
 * Where Workers Cache keeps a page: its market's address. A request for `path` from a shopper
 * whose country is not known (these tests' direct sockets carry none) is answered from it
 * (src/canonical-pages.ts), so whether the page is kept is asked there.
 */
const kept = (path: string) => marketPath('ZZ', path)

test('a hit is sent with the same headers as the miss that stored it, and none of them belongs to one request', async () => {
  const shop = await open({ HTML_CACHE_SECONDS: '60' })
  for (const path of ['/', '/product/toddler-blanket', '/about'].map(kept)) {
    const miss = await get(shop, path)
    expect(miss.cache).toBe('MISS')
    const hit = await get(shop, path)
    expect(hit.cache).toBe('HIT')
    expect(hit.html).toBe(miss.html)
    for (const res of [miss.res, hit.res]) {
      expect(res.status).toBe(200)
      expect(res.headers.get('Cache-Control')).toBe('no-cache')
      // Cloudflare obeys this one and does not pass it on (the stand-in does likewise).
      expect(res.headers.get('Cloudflare-CDN-Cache-Control')).toBeNull()
      expect(res.headers.get('X-Request-Id')).toBeNull()
      expect(res.headers.get('Server-Timing')).toBeNull()
      expect(res.headers.get('Content-Security-Policy')).not.toContain('nonce-')
    }
    const tags = path === kept('/about') ? 'pages' : 'pages,product:toddler-blanket'
    expect(miss.res.headers.get('Cache-Tag')).toBe(tags)
    expect(hit.res.headers.get('Cache-Tag')).toBe(tags)
    expect([...miss.res.headers].filter(([name]) => !['age', 'cf-cache-status', 'date'].includes(name))).toEqual(
      [...hit.res.headers].filter(([name]) => !['age', 'cf-cache-status', 'date'].includes(name)),
    )
  }
})

test('a page without its product, past its deadline, an error or a 404 is never kept, and nothing per shopper is', async () => {
  const shop = await open({
    HTML_CACHE_SECONDS: '60',
    RENDER_DEADLINE_MS: '50',
    PRODUCT_CACHE_FRESH_SECONDS: '0',
    PRODUCT_CACHE_SWR_SECONDS: '0',
    PRODUCT_CACHE_STALE_IF_ERROR_SECONDS: '0',
    PRODUCT_NOT_FOUND_CACHE_SECONDS: '0',
  })
  const neverKept = async (path: string, status: number, init: RequestInit = {}) => {
    for (let i = 0; i < 2; i++) {
      const res = await shop.fetch(path, { ...init, headers: { ...BROWSER, ...(init.headers as object) } })
      await res.text()
      expect(res.status).toBe(status)
      expect(res.headers.get('cf-cache-status')).toBe('DYNAMIC')
      expect(res.headers.get('Cache-Control')).toBe('no-store')
      expect(res.headers.get('Cache-Tag')).toBeNull()
    }
  }
  shop.double.latencyMs = 300 // past the 50 ms deadline: the skeleton streams first
  await neverKept('/product/toddler-blanket', 200)
  shop.double.latencyMs = 0
  await neverKept('/product/not-a-blanket', 404)
  await neverKept('/nope', 404)
  shop.double.setFault({ kind: 'status', status: 500 })
  await neverKept('/product/toddler-blanket', 503)
  await neverKept('/', 503)
  shop.double.setFault(null)
  await neverKept('/cart/status?id=gid://shopify/Cart/abc', 200)
  await neverKept('/checkout', 405)
})

test('after a Shopify blip the landing page is not kept, and once Shopify is back the next shopper gets the product', async () => {
  const shop = await open({
    HTML_CACHE_SECONDS: '600',
    PRODUCT_CACHE_FRESH_SECONDS: '0',
    PRODUCT_CACHE_SWR_SECONDS: '0',
    PRODUCT_CACHE_STALE_IF_ERROR_SECONDS: '0',
  })
  shop.double.setFault({ kind: 'status', status: 503 })
  const during = await get(shop, kept('/'))
  expect(during.res.status).toBe(503)
  expect(during.html).toContain('"status":"unavailable"')
  expect(during.cache).toBe('DYNAMIC')

  shop.double.setFault(null)
  const after = await get(shop, kept('/'))
  expect(after.res.status).toBe(200)
  expect(after.html).toContain('"status":"found"')
  expect(after.cache).toBe('MISS')
  expect((await get(shop, kept('/'))).cache).toBe('HIT')
})

test('a blip after a good copy was kept serves the good copy (stale-if-error), never the broken render', async () => {
  // The product store keeps nothing stale here, so only the page cache can step in.
  const shop = await open({
    HTML_CACHE_SECONDS: '1',
    HTML_CACHE_SWR_SECONDS: '0',
    HTML_CACHE_STALE_IF_ERROR_SECONDS: '600',
    PRODUCT_CACHE_FRESH_SECONDS: '0',
    PRODUCT_CACHE_SWR_SECONDS: '0',
    PRODUCT_CACHE_STALE_IF_ERROR_SECONDS: '0',
  })
  shop.double.products.get('toddler-blanket')!.title = 'Blanket before the blip'
  expect((await get(shop, kept('/'))).cache).toBe('MISS')
  shop.double.setFault({ kind: 'status', status: 503 })
  // Past the page's second of freshness, the Worker renders a 503 and the edge serves its copy.
  await eventually(async () => (await get(shop, kept('/'))).cache === 'STALE', 5000)
  const stale = await get(shop, kept('/'))
  expect(stale.res.status).toBe(200)
  expect(stale.html).toContain('Blanket before the blip')
})

test('two data centres: a webhook at one purges both, and the other serves the new price at once; Shopify is asked once per refresh worldwide', async () => {
  const vars = {
    HTML_CACHE_SECONDS: '600',
    PRODUCT_CACHE_FRESH_SECONDS: '600',
    SHOPIFY_WEBHOOK_SECRET: SECRET,
    WEBHOOK_REFETCH_DELAY_MS: '500',
  }
  const [east, west] = await startDataCentres(2, vars)
  shops.push(east!)
  const page = kept('/product/toddler-blanket')
  for (const dc of [east!, west!]) {
    expect((await get(dc, page)).cache).toBe('MISS')
    expect((await get(dc, page)).cache).toBe('HIT')
    expect((await get(dc, kept('/'))).cache).toBe('MISS')
  }
  // Two data centres, two pages, one product: one Shopify call.
  expect(productCalls(east!)).toBe(1)

  east!.double.products.get('toddler-blanket')!.variants[0]!.price.amount = '42.0'
  const body = JSON.stringify({ id: 8012345678901, handle: 'toddler-blanket' })
  const sent = Date.now()
  const res = await east!.fetch('/webhooks/products/update', {
    method: 'POST',
    headers: await signedWebhookHeaders(body, SECRET),
    body,
  })
  expect(res.status).toBe(200)
  // Shopify showed the new price at once: the Worker says it scheduled no refetch for its lag.
  expect(await res.json()).toEqual({ purged: 'toddler-blanket' })

  const fresh = await get(west!, page)
  const staleFor = Date.now() - sent
  expect(fresh.cache).toBe('MISS')
  expect(fresh.html).toContain('"amount":"42.0"')
  expect(staleFor).toBeLessThan(10_000) // the promise: the new price everywhere within 10 s of the webhook
  expect((await get(west!, kept('/'))).html).toContain('"amount":"42.0"')
  expect((await get(east!, page)).html).toContain('"amount":"42.0"')

  // No refetch was scheduled (above), so the webhook's one call is all there is.
  for (const dc of [east!, west!]) for (let i = 0; i < 3; i++) await get(dc, page)
  expect(productCalls(east!)).toBe(2)
})

// Workers Cache keys a page by its path and query, not its host ('Cache keys'), so whichever
// host name renders a page first would write its address into the copy everyone gets.
test('a page first rendered for a stranger host names only the configured origin, for that stranger and for everyone after', async () => {
  const shop = await open({ HTML_CACHE_SECONDS: '60', SHOP_ORIGIN: 'https://shop.example.com' })
  const forged = {
    ...BROWSER,
    Host: 'evil.example',
    'X-Forwarded-Host': 'evil.example',
    Forwarded: 'host=evil.example',
  }
  for (const path of ['/', '/product/toddler-blanket?probe=1', '/about', '/sitemap.xml']) {
    const first = await rawGet(shop, path, forged)
    const firstBody = first.body
    const then = await get(shop, path === '/sitemap.xml' ? path : kept(path))
    expect(first.status, path).toBe(200)
    // A query's spelling is answered from the canonical page's kept copy and never kept
    // itself (src/canonical-pages.ts); every other path is a hit of its own.
    expect(then.cache, path).toBe(path.includes('?') ? 'DYNAMIC' : 'HIT')
    for (const body of [firstBody, then.html]) {
      expect(body, path).not.toContain('evil.example')
      expect(body, path).toContain('https://shop.example.com/')
    }
  }
  const product = (await get(shop, '/product/toddler-blanket?probe=1')).html
  expect(product).toContain('<link rel="canonical" href="https://shop.example.com/product/toddler-blanket"/>')
  expect(product).toContain('<meta property="og:url" content="https://shop.example.com/product/toddler-blanket"/>')
  expect(JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(product)![1]!).offers.url).toBe(
    'https://shop.example.com/product/toddler-blanket',
  )
})

test('the sitemap is kept like a page: tagged for purges, with nothing of one request in it', async () => {
  const shop = await open({ HTML_CACHE_SECONDS: '60' })
  const miss = await get(shop, '/sitemap.xml')
  const hit = await get(shop, '/sitemap.xml')
  expect([miss.cache, hit.cache]).toEqual(['MISS', 'HIT'])
  for (const { res } of [miss, hit]) {
    expect(res.headers.get('Cache-Tag')).toBe('pages,product:toddler-blanket')
    expect(res.headers.get('X-Request-Id')).toBeNull()
    expect(res.headers.get('Content-Security-Policy')).not.toMatch(/nonce-/)
  }
})

// The attack on production's cache key (Cloudflare's docs, "Cache Keys": the default key
// holds Origin, X-HTTP-Method-Override and the like, KEY_HEADERS): a random value of such a
// header on every request would make each a miss, a render and a new kept copy. The local
// stand-in keys by them as production does, so this is production's contract.
test.each([
  ['X-HTTP-Method-Override', () => crypto.randomUUID()],
  ['X-HTTP-Method', () => crypto.randomUUID()],
  ['X-Method-Override', () => crypto.randomUUID()],
  ['X-Forwarded-Host', () => `${crypto.randomUUID()}.example`],
  ['Origin', () => `https://${crypto.randomUUID()}.example`],
])(
  'a kept page asked for with a random %s is served from the canonical page, never rendered or kept again',
  async (header, value) => {
    const shop = await open({ HTML_CACHE_SECONDS: '600', PRODUCT_CACHE_FRESH_SECONDS: '600' })
    await eventually(async () => (await get(shop, kept('/product/toddler-blanket'))).cache === 'HIT')
    const linesBefore = shop.logEntries().length
    const callsBefore = shop.double.calls.length
    for (let i = 0; i < 10; i++) {
      const res = await shop.fetch('/product/toddler-blanket', { headers: { ...BROWSER, [header]: value() } })
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('Square Friends Fleece Blanket')
    }
    // Each answered by the canonical-page middleware from the kept page, asked for without
    // the header: no page route ran, and Shopify was never asked.
    const lines = shop
      .logEntries()
      .slice(linesBefore)
      .filter((e) => e.message === 'request')
    expect(lines.map((e) => e.route)).toEqual(Array(10).fill('/*'))
    expect(lines.every((e) => e.cache === null && e.upstreamMs === null)).toBe(true)
    expect(shop.double.calls.length).toBe(callsBefore)
    // Nothing was kept under the header's value: asked with it again, the Worker runs again.
    const repeated = value()
    for (let i = 0; i < 2; i++)
      await (await shop.fetch('/product/toddler-blanket', { headers: { ...BROWSER, [header]: repeated } })).text()
    expect(
      shop
        .logEntries()
        .slice(linesBefore)
        .filter((e) => e.message === 'request'),
    ).toHaveLength(12)
  },
)

// The attack: a query string or another spelling of the path on every request, so that no
// request is a hit and each costs a render and a read of the product's Durable Object.
test('a kept page asked for under random queries or another spelling of its path is served from the kept page, never rendered', async () => {
  const shop = await open({ HTML_CACHE_SECONDS: '600', PRODUCT_CACHE_FRESH_SECONDS: '600' })
  await eventually(async () => (await get(shop, kept('/product/toddler-blanket'))).cache === 'HIT')
  const linesBefore = shop.logEntries().length
  const callsBefore = shop.double.calls.length
  const spellings = [
    ...Array.from({ length: 30 }, (_, i) => `/product/toddler-blanket?utm_source=${crypto.randomUUID()}&n=${i}`),
    '/product/toddler%2Dblanket',
  ]
  for (const path of spellings) {
    const { res, html } = await get(shop, path)
    expect(res.status).toBe(200)
    expect(html).toContain('Square Friends Fleece Blanket')
  }
  // Every one answered by the canonical-page middleware from the kept page: no page route ran
  // (only a page route renders or reads the product's Durable Object), Shopify was never
  // asked, and nothing was kept under the odd spelling.
  const lines = shop
    .logEntries()
    .slice(linesBefore)
    .filter((e) => e.message === 'request')
  expect(lines).toHaveLength(spellings.length)
  expect(lines.map((e) => e.route)).toEqual(spellings.map(() => '/*'))
  expect(lines.every((e) => e.cache === null && e.upstreamMs === null)).toBe(true)
  expect(shop.double.calls.length).toBe(callsBefore)
  const linesNow = shop.logEntries().length
  await get(shop, spellings[0]!) // asked again: the Worker runs (and answers from the kept page) again
  expect(
    shop
      .logEntries()
      .slice(linesNow)
      .filter((e) => e.message === 'request'),
  ).toHaveLength(1)
  // HEAD, too, is answered from the cache.
  const head = await shop.fetch(kept('/product/toddler-blanket'), { method: 'HEAD', headers: BROWSER })
  expect(head.headers.get('cf-cache-status')).toBe('HIT')
})

// Locally scaled: a flood of cache-busting requests at one product, with a purge in the
// middle of it, while shoppers keep asking for the canonical address.
test('a flood of cache-busting requests, and a purge in the middle of it: shoppers on the canonical address still get the page', async () => {
  const shop = await open({
    HTML_CACHE_SECONDS: '600',
    PRODUCT_CACHE_FRESH_SECONDS: '600',
    SHOPIFY_WEBHOOK_SECRET: SECRET,
  })
  await eventually(async () => (await get(shop, kept('/product/toddler-blanket'))).cache === 'HIT')
  const callsBefore = shop.double.callsOf('ProductByHandle').length
  let flooding = true
  const flood = Promise.all(
    Array.from({ length: 20 }, async () => {
      let sent = 0
      while (flooding && sent < 200) {
        sent++
        const res = await shop.fetch(`/product/toddler-blanket?utm_source=${crypto.randomUUID()}`, { headers: BROWSER })
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`flood request answered ${res.status}`)
      }
      return sent
    }),
  )
  const shoppers: number[] = []
  for (let i = 0; i < 20; i++) {
    if (i === 10) {
      const body = JSON.stringify({ id: 1, handle: 'toddler-blanket', updated_at: '2026-11-25T12:00:00Z' })
      expect(
        (
          await shop.fetch('/webhooks/products/update', {
            method: 'POST',
            headers: await signedWebhookHeaders(body, SECRET),
            body,
          })
        ).status,
      ).toBe(200)
    }
    const { res, html } = await get(shop, '/product/toddler-blanket')
    expect(html).toContain('Square Friends Fleece Blanket')
    shoppers.push(res.status)
  }
  flooding = false
  const sent = (await flood).reduce((a, b) => a + b, 0)
  expect(shoppers).toEqual(Array(20).fill(200))
  expect(sent).toBeGreaterThan(100)
  // Shopify is asked for the webhook's refresh, not once per flood request.
  expect(shop.double.callsOf('ProductByHandle').length - callsBefore).toBeLessThanOrEqual(3)
}, 60_000)
