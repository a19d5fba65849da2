import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PAGE_EXAMPLES } from '../../client/pages/pages.ts'
import { readBudget } from '../../bench/budget.ts'
import {
  appModules,
  criticalJs,
  PRIVATE_TOKEN,
  PUBLIC_TOKEN,
  startShop,
  type Shop,
} from '../../scripts/harness/shop.ts'
import sharp from 'sharp'
import { BUY_FORM_ID } from '../../client/lib/element-ids.ts'

describe('routes', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop()
  })
  afterAll(() => shop?.dispose())

  test.each<[string, number, string]>([
    // Every page of the table (client/pages/pages.ts), by its example address: a page added
    // there is tested here without a line of its own.
    ...PAGE_EXAMPLES.map(({ name, path }): [string, number, string] => [path, name === 'not-found' ? 404 : 200, '<h1']),
    ['/', 200, 'Only $38 – Order Now!'],
    ['/product/toddler-blanket', 200, 'Square Friends Fleece Blanket'],
    ['/product/no-such-blanket', 404, 'Product not found'],
    ['/nope', 404, 'Oops! Page not found'],
    ['/product/toddler-blanket/extra', 404, 'Oops! Page not found'],
    // A handle Shopify would never write gets the product page's answer, not the generic 404.
    ['/product/%3Cscript%3E', 404, 'Product not found'],
    ['/product/toddler%20blanket', 404, 'Product not found'],
  ])('GET %s → %i, server-rendered', async (path, status, text) => {
    const res = await shop.fetch(path)
    expect(res.status).toBe(status)
    expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    const html = await res.text()
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html).toContain(text)
    expect(appModules(html)).toContainEqual(expect.stringMatching(/^\/assets\/entry-[\w-]+\.js$/))
    // Whole, even on a fresh isolate's first render: no Suspense boundary left pending
    // (a deferred section the server forgot to preload would be streamed in later).
    expect(html).not.toContain('<!--$?-->')
  })

  // On a phone's network the first paint can come long before the end of the page, whose
  // photographs share the connection: a tap on a button whose form is not there yet is lost.
  test.each([
    ['/', 'Only $38 – Order Now!'],
    ['/product/toddler-blanket', 'Add to Cart'],
  ])('%s has its buy form before the first button that submits it', async (path, label) => {
    const html = await (await shop.fetch(path)).text()
    const form = html.indexOf(`<form id="${BUY_FORM_ID}"`)
    const button = html.search(new RegExp(`<button[^>]*form="${BUY_FORM_ID}"`))
    expect(html.slice(button, button + 400)).toContain(label)
    expect(form).toBeGreaterThan(-1)
    expect(form).toBeLessThan(button)
  })

  test.each([
    ['/', 'home-page'],
    ['/product/toddler-blanket', 'product-page'],
    ['/terms', 'terms-page'],
    ['/nope', 'not-found-page'],
  ])('%s starts the entry and its own page chunk, and no other page', async (path, chunk) => {
    const modules = appModules(await (await shop.fetch(path)).text())
    const pages = modules.filter((file) => /\/[\w-]+-page-/.test(file))
    expect(pages).toEqual([expect.stringMatching(new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`))])
    expect(modules[0]).toMatch(/^\/assets\/entry-/)
    // Deferred sections, the pages' meta (the Worker's), the drawer's code, Splide (in the
    // Carousel chunk) and the cart's effects with jotai-effect stay off the critical path.
    expect(modules.join(' ')).not.toMatch(
      /HomeLink|-sections-|-meta-|\/(Hero|Lifestyle)?Carousel-|BenefitList|product-data-script|Footer|CartDrawer|cart-edits|cart-effects|stored-cart/,
    )
  })

  // Counted as `npm run bench` counts it; bytes are exact, so unlike the bench's timings
  // this belongs in the suite.
  test.each([
    ['landing', '/'],
    ['product', '/product/toddler-blanket'],
  ])(
    '%s: the JavaScript its starter imports stays within the budget the bench ratchets (bench/budget.json)',
    async (page, path) => {
      const gzip = (await criticalJs(shop, path)).reduce(
        (total, body) => total + gzipSync(body, { level: 9 }).length,
        0,
      )
      expect(gzip).toBeGreaterThan(60 * 1024) // React alone is about 66 KB: the count is of the right files
      expect(gzip).toBeLessThanOrEqual(readBudget().criticalJsGzip[page]!)
    },
  )

  test('React and ReactDOM live in the framework chunk, which a deploy of the shop alone leaves unchanged', async () => {
    const modules = appModules(await (await shop.fetch('/')).text())
    const holdingReact: string[] = []
    for (const src of modules) {
      // Every production build of ReactDOM carries this message.
      if ((await (await shop.fetch(src)).text()).includes('Minified React error #')) holdingReact.push(src)
    }
    expect(holdingReact).toEqual([expect.stringMatching(/^\/assets\/framework-[\w-]+\.js$/)])
  })

  test("no lazy chunk's preload list names a module every page starts with (vite.config.ts)", async () => {
    const started = await Promise.all(
      ['/', '/product/toddler-blanket', '/terms', '/nope'].map(async (path) =>
        appModules(await (await shop.fetch(path)).text()),
      ),
    )
    const everyPageHas = started[0]!.filter((file) => started.every((modules) => modules.includes(file)))
    expect(everyPageHas).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/entry-/), expect.stringMatching(/\/framework-/)]),
    )
    const preloaded: string[] = []
    for (const src of new Set(started.flat())) {
      // Vite's list of each lazy import's dependencies, which its helper preloads with it.
      const lists = (await (await shop.fetch(src)).text()).matchAll(/__vite__mapDeps=[^[]*\[([^\]]*)\]/g)
      for (const [, list] of lists) preloaded.push(...list!.split(',').map((file) => `/${file.replaceAll('"', '')}`))
    }
    expect(preloaded.length).toBeGreaterThan(0) // the drawer, at least, is lazy
    expect(preloaded.filter((file) => everyPageHas.includes(file))).toEqual([])
  })

  test("a handle that cannot exist is the page's 'Product not found' without asking Shopify", async () => {
    const before = shop.double.calls.length
    for (const path of ['/product/%3Cscript%3E', `/product/${'a'.repeat(300)}`]) {
      const res = await shop.fetch(path)
      expect(res.status).toBe(404)
      const html = await res.text()
      expect(html).toContain('Product not found')
      expect(html).toContain('Back to Home')
      expect(res.headers.get('Cache-Control')).toBe('no-store')
    }
    expect(shop.double.calls.length).toBe(before)
  })

  test('a handle in capitals is sent to the lowercase handle Shopify writes', async () => {
    const res = await shop.fetch('/product/Toddler-Blanket', { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('Location')).toBe('/product/toddler-blanket')
    expect(res.headers.get('Cache-Control')).toBe('no-store')
    const moved = await shop.fetch('/product/No-Such-Blanket')
    expect(moved.headers.get('Location')).toBe('/product/no-such-blanket')
    const missing = await shop.fetch(moved.headers.get('Location')!)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('Product not found')
  })

  test('the 404 page tells the browser which path was missing, for its console log', async () => {
    const html = await (await shop.fetch('/some/missing/page')).text()
    expect(html).toContain('"page":"not-found","path":"/some/missing/page"')
    expect(html).toContain('Return to Home')
    expect(html).toContain('<meta name="robots" content="noindex"/>')
  })

  test('built client assets are served with a year-long immutable lifetime', async () => {
    const modules = appModules(await (await shop.fetch('/')).text())
    const bodies = []
    for (const file of modules) {
      const res = await shop.fetch(file)
      expect(res.status).toBe(200)
      expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable')
      bodies.push(await res.text())
    }
    expect(bodies.join('\n')).toContain('hydrateRoot')
  })

  test('build metadata is not served', async () => {
    expect((await shop.fetch('/.vite/manifest.json')).status).toBe(404)
  })

  test('the Storefront API is called with the public token header', async () => {
    // A handle of its own, so Shopify is asked now, whatever this file's other tests cached.
    expect((await shop.fetch('/product/public-token-blanket')).status).toBe(404)
    const call = shop.double.callsOf('ProductByHandle').find((c) => c.variables.handle === 'public-token-blanket')!
    expect(call.headers['x-shopify-storefront-access-token']).toBe(PUBLIC_TOKEN)
    expect(call.headers['content-type']).toBe('application/json')
    expect(call.headers['shopify-storefront-private-token']).toBeUndefined()
  })
})

describe('with a private Storefront token', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop({ SHOPIFY_STOREFRONT_TOKEN: '', SHOPIFY_STOREFRONT_PRIVATE_TOKEN: PRIVATE_TOKEN })
  })
  afterAll(() => shop?.dispose())

  test('sends the private token and the buyer IP instead', async () => {
    const res = await shop.fetch('/product/toddler-blanket', { headers: { 'CF-Connecting-IP': '203.0.113.7' } })
    expect(res.status).toBe(200)
    const call = shop.double.callsOf('ProductByHandle').at(-1)!
    expect(call.headers['shopify-storefront-private-token']).toBe(PRIVATE_TOKEN)
    expect(call.headers['shopify-storefront-buyer-ip']).toBe('203.0.113.7')
    expect(call.headers['x-shopify-storefront-access-token']).toBeUndefined()
  })
})

describe('an unhandled error', () => {
  let shop: Shop
  beforeAll(async () => {
    // A Worker deployed without its shop domain fails on every page that needs Shopify.
    shop = await startShop({ SHOPIFY_STORE_DOMAIN: '' })
  })
  afterAll(() => shop?.dispose())

  test('gets the error page with status 500, a logged request id and no stack trace', async () => {
    const res = await shop.fetch('/', { headers: { 'CF-Ray': 'ray-test-123' } })
    expect(res.status).toBe(500)
    const html = await res.text()
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true)
    expect(html).toContain('Unexpected Application Error!')
    expect(html).not.toMatch(/ConfigError|SHOPIFY_STORE_DOMAIN|at \w+ \(/)
    expect(res.headers.get('X-Request-Id')).toBe('ray-test-123')

    const entry = shop.logEntries().find((e) => e.requestId === 'ray-test-123' && e.level === 'error')
    // Rendered at the page's market address, which the shopper's request for / is answered from (src/canonical-pages.ts).
    expect(entry).toMatchObject({ message: 'unhandled error', path: '/en-zz' })
    expect(JSON.stringify(entry)).toContain('SHOPIFY_STORE_DOMAIN is not set')
  })

  test('every page refuses, rather than a half-working shop', async () => {
    for (const path of ['/terms', '/product/toddler-blanket']) {
      const res = await shop.fetch(path)
      expect(res.status).toBe(500)
      expect(await res.text()).toContain('Unexpected Application Error!')
    }
  })
})

// wrangler.toml's local SHOP_ORIGIN: every address a page gives is on it, whatever address
// the test's Worker answers on.
const SHOP_ORIGIN = 'http://127.0.0.1:8787'

describe('search engines and sharing', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop()
  })
  afterAll(() => shop?.dispose())

  test('the product page carries its title, description, canonical URL, Open Graph tags and a JSON-LD Product', async () => {
    const html = await (await shop.fetch('/product/toddler-blanket')).text()
    expect(html).toContain('<title>Square Friends Fleece Blanket – Square Snuggles</title>')
    expect(html).toContain(`<link rel="canonical" href="${SHOP_ORIGIN}/product/toddler-blanket"/>`)
    expect(html).toContain('<meta property="og:type" content="product"/>')
    // Social previews draw no SVG: a 1200×630 JPEG, cropped by Shopify's CDN.
    const share = /<meta property="og:image" content="([^"]+)"\/>/.exec(html)![1]!.replaceAll('&amp;', '&')
    expect(share).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cdn\/shop\/files\/blanket-1\.jpg\?/)
    expect(html).toContain('<meta property="og:image:width" content="1200"/>')
    expect(html).toContain('<meta property="og:image:height" content="630"/>')
    const picture = await fetch(share, { headers: { Accept: 'image/avif,image/webp,*/*' } })
    expect(picture.headers.get('Content-Type')).toBe('image/jpeg')
    expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    })
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)![1]!)
    expect(jsonLd).toMatchObject({
      '@type': 'Product',
      name: 'Square Friends Fleece Blanket',
      offers: { '@type': 'Offer', price: '38.0', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    })
  })

  test("the landing page's social preview is the build's 1200×630 JPEG of its first photograph", async () => {
    const html = await (await shop.fetch('/')).text()
    const share = new URL(/<meta property="og:image" content="([^"]+)"\/>/.exec(html)![1]!)
    expect(share.pathname).toMatch(/^\/assets\/photos\/blanket-1\.[0-9a-f]{10}-share\.jpg$/)
    const picture = await shop.fetch(share.pathname)
    expect(picture.status).toBe(200)
    expect(await sharp(Buffer.from(await picture.arrayBuffer())).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1200,
      height: 630,
    })
  })

  // Every page of the table the sitemap lists (its meta says where it lives).
  const listed = PAGE_EXAMPLES.filter(({ name }) => name !== 'not-found').map(({ path }) => path)

  test.each(listed)('%s has its own title, description and canonical URL', async (path) => {
    const html = await (await shop.fetch(path)).text()
    expect(html).toMatch(/<title>[^<]*Square Snuggles[^<]*<\/title>/)
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}"\/>/)
    expect(html).toContain(`<link rel="canonical" href="${SHOP_ORIGIN}${path}"/>`)
    expect(html).toContain('<meta property="og:title"')
  })

  test('sitemap.xml lists the pages; robots.txt points crawlers away from /checkout', async () => {
    const sitemap = await shop.fetch('/sitemap.xml')
    expect(sitemap.headers.get('Content-Type')).toContain('application/xml')
    const xml = await sitemap.text()
    for (const path of listed) expect(xml).toContain(`<loc>${SHOP_ORIGIN}${path}</loc>`)
    const robots = await (await shop.fetch('/robots.txt')).text()
    expect(robots).toContain('Disallow: /checkout')
  })
})
