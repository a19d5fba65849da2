import { marketPath } from '../../client/model/market.ts'
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { checkoutBody } from '../../src/routes/checkout.ts'
import { BLANKET_VARIANT_ID, blanket } from '../../storefront-double/catalog.ts'
import { inOneRateLimitWindow, PRIVATE_TOKEN, PUBLIC_TOKEN, startShop, type Shop } from '../../scripts/harness/shop.ts'

const BROWSER = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36' }
const postJson = (shop: Shop, body: string, headers: Record<string, string> = {}) =>
  shop.fetch('/checkout', { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body })

const XSS = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">'

let shop: Shop
let broken: Shop
beforeAll(async () => {
  ;[shop, broken] = await Promise.all([
    startShop({ HTML_CACHE_SECONDS: '60' }),
    startShop({ SHOPIFY_STORE_DOMAIN: '' }),
  ])
  shop.double.products.set('xss-blanket', {
    ...blanket(),
    handle: 'xss-blanket',
    title: `Blanket ${XSS}`,
    description: `Soft </script><script>window.__pwned=1</script> and "quoted" & ${XSS}`,
    images: blanket().images.map((image) => ({ ...image, altText: `alt" onerror="window.__pwned=1` })),
    variants: blanket().variants.map((v) => ({ ...v, selectedOptions: [{ name: 'Size', value: XSS }] })),
  })
})
afterAll(() => Promise.all([shop?.dispose(), broken?.dispose()]))

/** A response of every kind the shop gives, each made anew when called. */
const everyKindOfResponse: [string, () => Promise<Response>][] = [
  ['landing page', () => shop.fetch('/', { headers: BROWSER })],
  ['product page', () => shop.fetch('/product/toddler-blanket', { headers: BROWSER })],
  [
    'product page from the page cache',
    async () => {
      for (let i = 0; i < 20; i++) {
        // The copy Workers Cache keeps: the market's address (src/canonical-pages.ts).
        const res = await shop.fetch(marketPath('US', '/product/toddler-blanket'), { headers: BROWSER })
        if (res.headers.get('cf-cache-status') === 'HIT') return res
      }
      throw new Error('never served from the page cache')
    },
  ],
  ['product page with script payloads in its data', () => shop.fetch('/product/xss-blanket', { headers: BROWSER })],
  ['404 page', () => shop.fetch('/nope', { headers: BROWSER })],
  ['500 page', () => broken.fetch('/', { headers: BROWSER })],
  [
    'POST /checkout (200)',
    () => postJson(shop, JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] })),
  ],
  ['POST /checkout (400)', () => postJson(shop, '{}')],
  ['GET /checkout (405)', () => shop.fetch('/checkout')],
  ['sitemap.xml', () => shop.fetch('/sitemap.xml')],
]

/** The security headers besides the CSP, on every answer of the Worker's own (src/security-headers.ts). */
const OTHER_SECURITY_HEADERS = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Origin-Agent-Cluster': '?1',
  'X-DNS-Prefetch-Control': 'off',
  'X-Download-Options': 'noopen',
  'X-Permitted-Cross-Domain-Policies': 'none',
  'X-XSS-Protection': '0',
}

describe('security headers on every response', () => {
  test.each(everyKindOfResponse)('%s', async (_, load) => {
    const res = await load()
    const csp = res.headers.get('Content-Security-Policy')!
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? ''
    // Only a page no cache keeps may stream inline scripts, so only it has a nonce; a kept
    // page is served to many shoppers and needs none, and no other answer runs a script.
    const privatePage = res.headers.get('Content-Type')?.startsWith('text/html') && !res.headers.has('Cache-Tag')
    if (privatePage) expect(directive('script-src')).toMatch(/^script-src 'self' 'nonce-[\w+/=-]+' 'sha256-[\w+/=]+'$/)
    else expect(directive('script-src')).toMatch(/^script-src 'self' 'sha256-[\w+/=]+'$/)
    expect(csp).not.toMatch(/unsafe-eval/)
    expect(directive('script-src')).not.toMatch(/unsafe-inline/)
    expect(directive('img-src')).toContain("'self'")
    expect(directive('img-src')).toContain('https://cdn.shopify.com')
    expect(directive('connect-src')).toBe("connect-src 'self'")
    expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'")
    expect(directive('base-uri')).toBe("base-uri 'self'")
    expect(directive('form-action')).toContain("'self'")
    // Every other header src/security-headers.ts sets, each as it sets it.
    expect(
      Object.fromEntries(Object.keys(OTHER_SECURITY_HEADERS).map((name) => [name, res.headers.get(name)])),
    ).toEqual(OTHER_SECURITY_HEADERS)
    expect(res.headers.has('X-Powered-By')).toBe(false)
  })

  test('static assets, served without the Worker, get their headers from public/_headers', async () => {
    for (const path of ['/favicon.svg', '/images/characters.svg']) {
      const res = await shop.fetch(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('X-Request-Id')).toBeNull() // the Worker did not run
      expect(res.headers.get('Content-Security-Policy')).toBe(
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
      )
      expect(res.headers.get('Strict-Transport-Security')).toBe('max-age=31536000; includeSubDomains')
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff')
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('X-Frame-Options')).toBe('DENY')
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=3600')
    }
  })

  test('the checkout host may receive the no-JavaScript form post redirect', async () => {
    const res = await shop.fetch('/')
    const formAction = (res: Response) => /form-action [^;]*/.exec(res.headers.get('Content-Security-Policy')!)![0]
    expect(formAction(res)).toBe(`form-action 'self' https://checkout.shopify.com ${shop.doubleOrigin}`)
    const own = await startShop({ CHECKOUT_DOMAIN: 'checkout.squaresnuggles.example, pay.squaresnuggles.example' })
    try {
      expect(formAction(await own.fetch('/'))).toBe(
        `form-action 'self' https://checkout.shopify.com ${own.doubleOrigin} https://checkout.squaresnuggles.example https://pay.squaresnuggles.example`,
      )
    } finally {
      await own.dispose()
    }
  })

  test("React's streaming scripts carry the response's nonce", async () => {
    const slow = await startShop({ RENDER_DEADLINE_MS: '20' })
    try {
      slow.double.latencyMs = 300
      const res = await slow.fetch('/product/toddler-blanket', { headers: BROWSER })
      const html = await res.text()
      const nonce = /'nonce-([^']+)'/.exec(res.headers.get('Content-Security-Policy')!)![1]
      const inline = [...html.matchAll(/<script(?![^>]*\btype=)(?![^>]*\bsrc=)(?![^>]*\bdata-modules=)([^>]*)>/g)]
      expect(inline.length).toBeGreaterThan(0) // the product was streamed
      for (const [, attributes] of inline) expect(attributes).toContain(`nonce="${nonce}"`)
    } finally {
      await slow.dispose()
    }
  })

  test('the one script without a nonce, the app starter, is the one whose hash the CSP lists, also from the page cache', async () => {
    const cached = await startShop({ HTML_CACHE_SECONDS: '60' })
    try {
      const check = async (res: Response) => {
        const html = await res.text()
        const withoutNonce = [
          ...html.matchAll(/<script(?![^>]*\btype=)(?![^>]*\bnonce=)[^>]*>([\s\S]*?)<\/script>/g),
        ].map((m) => m[1]!)
        expect(withoutNonce).toHaveLength(1)
        const digest = createHash('sha256').update(withoutNonce[0]!).digest('base64')
        expect(res.headers.get('Content-Security-Policy')).toContain(`'sha256-${digest}'`)
      }
      await check(await cached.fetch('/about', { headers: BROWSER }))
      let hit: Response | undefined
      for (let i = 0; i < 50 && hit?.headers.get('cf-cache-status') !== 'HIT'; i++) {
        await hit?.body?.cancel()
        hit = await cached.fetch(marketPath('US', '/about'), { headers: BROWSER })
      }
      expect(hit!.headers.get('cf-cache-status')).toBe('HIT')
      await check(hit!)
    } finally {
      await cached.dispose()
    }
  })
})

describe('abuse', () => {
  test('POST /checkout is limited per client IP: 429 with Retry-After', async () => {
    const limited = await startShop({}, { checkoutsPerMinute: 3 })
    try {
      const body = JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] })
      const statuses = []
      await inOneRateLimitWindow(10_000)
      for (let i = 0; i < 5; i++)
        statuses.push((await postJson(limited, body, { 'CF-Connecting-IP': '198.51.100.1' })).status)
      expect(statuses).toEqual([200, 200, 200, 429, 429])
      const refused = await postJson(limited, body, { 'CF-Connecting-IP': '198.51.100.1' })
      expect(refused.headers.get('Retry-After')).toBe('60')
      expect(await refused.json()).toEqual({ error: 'Too many checkout attempts; please try again in a minute' })
      expect((await postJson(limited, body, { 'CF-Connecting-IP': '198.51.100.2' })).status).toBe(200) // another shopper
      expect(limited.double.callsOf('CartCreate')).toHaveLength(4)
      // An IPv6 client is counted by its /64: rotating addresses inside it gains nothing.
      const v6 = await Promise.all(
        ['2001:db8:7:7::1', '2001:db8:7:7::2', '2001:db8:7:7::3', '2001:db8:7:7::4'].map((ip) =>
          postJson(limited, body, { 'CF-Connecting-IP': ip }),
        ),
      )
      expect(v6.map((res) => res.status).sort()).toEqual([200, 200, 200, 429])
    } finally {
      await limited.dispose()
    }
  })

  test('Shopify calls a client can cause are limited: cart status checks and unknown product handles, never a known product', async () => {
    const limited = await startShop({ PRODUCT_NOT_FOUND_CACHE_SECONDS: '0' }, { storefrontCallsPerMinute: 3 })
    try {
      const ip = { 'CF-Connecting-IP': '2001:db8:9:9::1' }
      const rotated = (n: number) => ({ 'CF-Connecting-IP': `2001:db8:9:9::${n + 2}` }) // the same /64
      await inOneRateLimitWindow(15_000)
      // A known product costs the limit nothing, however often it is asked for (only its first,
      // cold lookup, here by another client, counts like any unknown handle).
      expect(
        (
          await limited.fetch('/product/toddler-blanket', {
            headers: { ...BROWSER, 'CF-Connecting-IP': '198.51.100.8' },
          })
        ).status,
      ).toBe(200)
      for (let i = 0; i < 5; i++)
        expect((await limited.fetch('/product/toddler-blanket', { headers: { ...BROWSER, ...ip } })).status).toBe(200)

      const unknown = []
      for (let i = 0; i < 5; i++) {
        const res = await limited.fetch(`/product/made-up-${i}`, { headers: { ...BROWSER, ...rotated(i) } })
        unknown.push([res.status, res.headers.get('Retry-After')])
        await res.text()
      }
      expect(unknown).toEqual([
        [404, null],
        [404, null],
        [404, null],
        [429, '60'],
        [429, '60'],
      ])
      expect(limited.double.callsOf('ProductByHandle')).toHaveLength(1 + 3)

      const status = await limited.fetch('/cart/status?id=gid://shopify/Cart/abc', { headers: ip })
      expect(status.status).toBe(429)
      expect(status.headers.get('Retry-After')).toBe('60')
      expect(await status.json()).toEqual({ error: 'Too many cart checks; please try again in a minute' })
      expect(limited.double.callsOf('CartStatus')).toHaveLength(0)
      expect(
        (
          await limited.fetch('/cart/status?id=gid://shopify/Cart/abc', {
            headers: { 'CF-Connecting-IP': '198.51.100.9' },
          })
        ).status,
      ).toBe(200)
    } finally {
      await limited.dispose()
    }
  })
})

describe('script payloads in Shopify data', () => {
  test('render as text, and the hydration data cannot leave its script element', async () => {
    const res = await shop.fetch('/product/xss-blanket', { headers: BROWSER })
    const html = await res.text()
    expect(res.status).toBe(200)
    expect(html).not.toContain('<script>window.__pwned')
    expect(html).not.toContain('<img src=x onerror')
    expect(html).not.toContain('" onerror="window.__pwned')
    expect(html).toContain('Blanket &lt;script&gt;window.__pwned=1&lt;/script&gt;')
    const data = /<script type="application\/json" id="product-data">([\s\S]*?)<\/script>/.exec(html)![1]!
    expect(data).not.toMatch(/[<>]/)
    expect(JSON.parse(data).product.title).toBe(`Blanket ${XSS}`)
  })
})

describe('fuzzed input', () => {
  test('10,000 generated /checkout bodies: never a 5xx, a clear error for invalid ones, no upstream call for them', async () => {
    const before = shop.double.callsOf('CartCreate').length
    const line = fc.record(
      {
        merchandiseId: fc.oneof(
          fc.string(),
          fc.constant(BLANKET_VARIANT_ID),
          fc.integer().map((n) => `gid://shopify/ProductVariant/${n}`),
          fc.constant('gid://shopify/ProductVariant/1e9'),
        ),
        quantity: fc.oneof(
          fc.integer({ min: -5, max: 200 }),
          fc.double(),
          fc.string(),
          fc.constant(Number.MAX_SAFE_INTEGER),
          fc.constant(null),
        ),
        __proto__: fc.constant({ polluted: true }),
        constructor: fc.anything(),
      },
      { requiredKeys: [] },
    )
    const body = fc.oneof(
      fc.json(),
      fc.string({ unit: 'binary' }),
      fc.record({ lines: fc.array(line, { maxLength: 5 }) }, { requiredKeys: [] }).map((b) => JSON.stringify(b)),
      fc.record({ lines: fc.array(line, { minLength: 95, maxLength: 110 }) }).map((b) => JSON.stringify(b)),
      fc.anything({ maxDepth: 8 }).map((value) => JSON.stringify({ lines: value }) ?? 'undefined'),
      fc
        .array(fc.integer({ min: 1, max: 99 }), { minLength: 1, maxLength: 3 })
        .map((quantities) =>
          JSON.stringify({ lines: quantities.map((quantity) => ({ merchandiseId: BLANKET_VARIANT_ID, quantity })) }),
        ),
      fc.integer({ min: 1, max: 200 }).map((depth) => '['.repeat(depth * 50) + ']'.repeat(depth * 50)),
    )
    let valid = 0
    const statuses = new Map<number, number>()
    // Sent 25 at a time: the property is per body, and 10,000 in a row would take minutes.
    const bodies = fc.sample(body, { numRuns: 10_000, seed: 20261122 })
    for (let i = 0; i < bodies.length; i += 25) {
      await Promise.all(
        bodies.slice(i, i + 25).map(async (text) => {
          let parsed: unknown
          try {
            parsed = JSON.parse(text)
          } catch {}
          const isValid = checkoutBody.safeParse(parsed).success
          if (isValid) valid++
          const res = await postJson(shop, text, { 'CF-Connecting-IP': '192.0.2.10' })
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          const answer = (await res.json()) as { error?: string }
          if (isValid) {
            expect([200, 502]).toContain(res.status) // 502 only when Shopify refused a well-formed cart
          } else {
            expect([400, 413], `${res.status} for ${text.slice(0, 200)}`).toContain(res.status)
            expect(answer.error).toMatch(/\w/)
          }
        }),
      )
    }
    expect(shop.double.callsOf('CartCreate').length - before).toBe(valid)
    console.log('fuzzed /checkout statuses:', Object.fromEntries(statuses), `valid carts: ${valid}`)
  }, 300_000)

  test('2,000 generated paths and handles: never a 5xx, never an unhandled error', async () => {
    const segment = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.constantFrom('..', '.', '%00', '%2e%2e', '__proto__', 'constructor', '<script>', "' OR 1=1 --"),
    )
    const path = fc.oneof(
      fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.map(encodeURIComponent).join('/')}`),
      segment.map((handle) => `/product/${encodeURIComponent(handle)}`),
      fc.string({ maxLength: 300 }).map((handle) => `/product/${encodeURIComponent(handle)}`),
    )
    const statuses = new Map<number, number>()
    await fc.assert(
      fc.asyncProperty(path, async (p) => {
        const res = await fetch(shop.origin + p, { headers: BROWSER, redirect: 'manual' }) // '//x' stays a path
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
        expect(res.status).toBeLessThan(500)
        await res.arrayBuffer()
      }),
      { numRuns: 2_000 },
    )
    expect(shop.logEntries().filter((e) => e.message === 'unhandled error')).toEqual([])
    console.log('fuzzed paths statuses:', Object.fromEntries(statuses))
  }, 300_000)
})

describe('secrets', () => {
  test('the Storefront tokens appear in no response and no log line', async () => {
    const privateShop = await startShop({
      SHOPIFY_STOREFRONT_TOKEN: '',
      SHOPIFY_STOREFRONT_PRIVATE_TOKEN: PRIVATE_TOKEN,
    })
    try {
      const seen: Response[] = []
      for (const [, load] of everyKindOfResponse) seen.push(await load())
      privateShop.double.setFault({ kind: 'status', status: 401 })
      seen.push(await privateShop.fetch('/product/toddler-blanket', { headers: BROWSER }))
      seen.push(
        await postJson(privateShop, JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] })),
      )
      shop.double.setFault({ kind: 'graphql-errors' })
      seen.push(await postJson(shop, JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] })))
      shop.double.setFault(null)
      for (const res of seen) {
        const text = `${JSON.stringify([...res.headers])}${await res.text()}`
        expect(text).not.toContain(PUBLIC_TOKEN)
        expect(text).not.toContain(PRIVATE_TOKEN)
      }
      for (const line of [...shop.logs, ...privateShop.logs, ...broken.logs]) {
        expect(line).not.toContain(PUBLIC_TOKEN)
        expect(line).not.toContain(PRIVATE_TOKEN)
      }
      // ...while the calls did carry them.
      expect(privateShop.double.calls[0]!.headers['shopify-storefront-private-token']).toBe(PRIVATE_TOKEN)
    } finally {
      await privateShop.dispose()
    }
  })
})
