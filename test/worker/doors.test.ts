import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'

// The doors Shopify opens onto the shop's own domain (src/routes/doors.ts, docs/doors.md):
// each answered with where it leads, its query kept, nothing of it kept by a cache.

const VARIANT = BLANKET_VARIANT_ID.split('/').pop()!
let shop: Shop
beforeAll(async () => {
  shop = await startShop({ HTML_CACHE_SECONDS: '600' }, { checkoutsPerMinute: 1000 })
})
afterAll(() => shop?.dispose())
beforeEach(() => shop.double.reset())

const door = async (path: string, init: RequestInit = {}) => {
  const res = await shop.fetch(path, init)
  return {
    status: res.status,
    location: res.headers.get('Location'),
    cacheControl: res.headers.get('Cache-Control'),
    res,
    text: await res.text(),
  }
}

describe('Shopify’s product, collection and policy URLs', () => {
  test.each([
    ['/products/toddler-blanket', 301, '/product/toddler-blanket'],
    ['/products/toddler-blanket/', 301, '/product/toddler-blanket'],
    [
      '/products/toddler-blanket?utm_source=google&utm_medium=shopping',
      301,
      '/product/toddler-blanket?utm_source=google&utm_medium=shopping',
    ],
    ['/collections/all/products/toddler-blanket?variant=1', 301, '/product/toddler-blanket?variant=1'],
    ['/collections/all', 301, '/'],
    ['/collections/frontpage/?utm_campaign=x', 301, '/?utm_campaign=x'],
    ['/collections', 301, '/'],
    ['/policies/refund-policy', 301, '/terms'],
    ['/policies/shipping-policy?x=1', 301, '/terms?x=1'],
    ['/policies/terms-of-service', 301, '/terms'],
    ['/policies/privacy-policy', 301, '/privacy'],
  ])('%s: %i to %s, kept by no cache', async (path, status, location) => {
    const answer = await door(path)
    expect([answer.status, answer.location, answer.cacheControl]).toEqual([status, location, 'no-store'])
  })

  test('an unknown handle lands on the spec’s product-not-found', async () => {
    const moved = await door('/products/no-such-blanket')
    expect(moved.location).toBe('/product/no-such-blanket')
    const page = await door(moved.location!)
    expect(page.status).toBe(404)
    expect(page.text).toContain('Product not found')
  })

  test('an unknown policy says which the shop has', async () => {
    const answer = await door('/policies/legal-notice')
    expect(answer.status).toBe(404)
    expect(answer.text).toContain('Terms of use (/terms) and Privacy Policy (/privacy)')
  })

  test('/account and below go to the store’s own customer accounts, sending no referrer', async () => {
    for (const path of ['/account', '/account/orders/123']) {
      const answer = await door(path)
      expect([answer.status, answer.location, answer.cacheControl, answer.res.headers.get('Referrer-Policy')]).toEqual([
        302,
        `${shop.doubleOrigin}/account`,
        'no-store',
        'no-referrer',
      ])
    }
  })
})

describe('/cart, back from Shopify’s checkout', () => {
  test('to the page the browser says it came from, when it is the shop’s, with the sheet open; else the landing page', async () => {
    const fromProduct = await door('/cart', {
      headers: { Referer: 'http://127.0.0.1:8787/product/toddler-blanket?utm_source=x' },
    })
    expect([fromProduct.status, fromProduct.location, fromProduct.cacheControl]).toEqual([
      303,
      '/product/toddler-blanket?utm_source=x#cart',
      'no-store',
    ])
    expect((await door('/cart', { headers: { Referer: `${shop.doubleOrigin}/checkouts/cn/abc` } })).location).toBe(
      '/#cart',
    )
    expect((await door('/cart')).location).toBe('/#cart')
    expect(
      (await door('/cart', { headers: { Referer: 'https://evil.example/product/toddler-blanket' } })).location,
    ).toBe('/#cart')
  })
})

describe('cart and buy permalinks', () => {
  test('/cart/{variant}:{qty} with Shopify’s query reaches a checkout of exactly those lines, with the discount, note and the link’s own attribution (no other attribute); no referrer, nothing kept, no cookie or authorization passed on', async () => {
    const answer = await door(
      `/cart/${VARIANT}:2?discount=SAVE10&note=For%20Grandma&attributes[gift]=yes&ref=catalog&utm_source=agent&utm_campaign=xmas`,
      {
        headers: {
          Cookie: 'discount_code=OTHER; _shopify_y=visitor',
          Authorization: 'Bearer agent-token',
          Referer: 'https://catalog.example/x',
        },
      },
    )
    expect([answer.status, answer.cacheControl, answer.res.headers.get('Referrer-Policy')]).toEqual([
      303,
      'no-store',
      'no-referrer',
    ])
    const [call] = shop.double.callsOf('CartCreate')
    expect(call!.variables).toMatchObject({
      input: {
        lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 2 }],
        discountCodes: ['SAVE10'],
        note: 'For Grandma',
        attributes: [
          { key: '_utm_source', value: 'agent' },
          { key: '_utm_campaign', value: 'xmas' },
          { key: '_ref', value: 'catalog' },
          { key: '_landed_at', value: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
        ],
      },
    })
    // Shopify's own marketing reports read the campaign words on the checkout's address.
    expect(new URL(answer.location!).searchParams.get('utm_source')).toBe('agent')
    expect(new URL(answer.location!).searchParams.get('utm_campaign')).toBe('xmas')
    for (const name of ['cookie', 'authorization', 'referer']) expect(call!.headers).not.toHaveProperty(name)
    const checkout = await (await fetch(answer.location!)).text()
    expect(checkout).toContain('<td data-qty>2</td>')
    expect(checkout).toContain('<span id="discounts">SAVE10</span>')
    expect(checkout).toContain('<span id="note">For Grandma</span>')
  })

  test('/buy/{items} takes variant ids and SKUs, and merges lines of one variant', async () => {
    const answer = await door(`/buy/${VARIANT}:1,SQS-BLANKET-3040:2`)
    expect(answer.status).toBe(303)
    expect(shop.double.callsOf('CartCreate')[0]!.variables).toMatchObject({
      input: { lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 3 }] },
    })
  })

  test.each([
    ['a variant not of this product', '/cart/999:1', 'the blanket'],
    ['a quantity of 0', `/cart/${VARIANT}:0`, 'adds up to 0; at least 1 of a variant'],
    ['a quantity over 99', `/cart/${VARIANT}:100`, 'adds up to 100; at most 99 of a variant'],
    ['two lines over 99 together', `/cart/${VARIANT}:60,${VARIANT}:60`, 'adds up to 120; at most 99 of a variant'],
    ['a malformed list', `/cart/${VARIANT}:`, 'the blanket'],
    ['a SKU in a cart permalink, which takes ids only', '/cart/SQS-BLANKET-3040:1', 'the blanket'],
    ['an odd discount', `/cart/${VARIANT}:1?discount=%3Cscript%3E`, 'discount code'],
  ])('%s gets a clear 400, never a checkout', async (_, path, says) => {
    const answer = await door(path)
    expect([answer.status, answer.cacheControl]).toEqual([400, 'no-store'])
    expect(answer.text).toContain(says)
    expect(shop.double.callsOf('CartCreate')).toEqual([])
  })

  test('in the shopper’s market and language', async () => {
    const answer = await shop.fetchWithCf(`/cart/${VARIANT}:1`, {
      redirect: 'manual',
      headers: { 'Accept-Language': 'fr-CA,fr;q=0.9' },
      cf: { country: 'CA' },
    } as RequestInit)
    expect(answer.status).toBe(303)
    expect(shop.double.callsOf('CartCreate')[0]!.variables).toMatchObject({
      country: 'CA',
      language: 'FR',
      input: { buyerIdentity: { countryCode: 'CA' } },
    })
    expect(await (await fetch(answer.headers.get('Location')!)).text()).toContain('CA$52.00')
  })
})

describe('discount links', () => {
  test('remember the code for this browser, follow the redirect, and the next checkout sends the code; no kept page holds it', async () => {
    const answer = await door('/discount/SAVE10?redirect=/product/toddler-blanket%3Futm_source%3Dmail')
    expect([answer.status, answer.location, answer.cacheControl]).toEqual([
      302,
      '/product/toddler-blanket?utm_source=mail',
      'no-store',
    ])
    const cookie = answer.res.headers.get('Set-Cookie')!
    expect(cookie).toMatch(/^discount_code=SAVE10; Max-Age=2592000; Path=\/; SameSite=Lax$/)
    const checkout = await shop.fetch('/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', Cookie: cookie.split(';')[0]! },
      body: JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] }),
    })
    expect(checkout.status).toBe(200)
    expect(shop.double.callsOf('CartCreate')[0]!.variables).toMatchObject({ input: { discountCodes: ['SAVE10'] } })
    const page = await door('/en-us/product/toddler-blanket', { headers: { Cookie: cookie.split(';')[0]! } })
    expect(page.text).not.toContain('SAVE10')
  })

  test('without a redirect, to the landing page', async () => {
    expect((await door('/discount/WELCOME')).location).toBe('/')
  })

  test.each([
    ['an empty code', '/discount/', 'no code'],
    ['an overlong code', `/discount/${'A'.repeat(65)}`, 'up to 64'],
    ['an odd code', '/discount/SAVE%3C10%3E', 'letters, digits'],
    ['a redirect to another site', '/discount/SAVE10?redirect=https://evil.example/', 'only to a page of this shop'],
    ['a protocol-relative redirect', '/discount/SAVE10?redirect=//evil.example/', 'only to a page of this shop'],
    ['a backslash redirect', '/discount/SAVE10?redirect=/%5Cevil.example', 'only to a page of this shop'],
  ])('%s gets a clear 400 and remembers nothing', async (_, path, says) => {
    const answer = await door(path)
    expect([answer.status, answer.cacheControl, answer.res.headers.get('Set-Cookie')]).toEqual([400, 'no-store', null])
    expect(answer.text).toContain(says)
  })
})

describe('what an agent reads', () => {
  test('the product page as Markdown, at its own address the page names: price, availability, each variant with its id and permalink, the UCP profile', async () => {
    const page = await door('/product/toddler-blanket')
    expect(page.text).toContain(
      '<link rel="alternate" type="text/markdown" href="http://127.0.0.1:8787/product/toddler-blanket.md"/>',
    )
    const res = await shop.fetch('/product/toddler-blanket.md')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/markdown; charset=utf-8')
    const text = await res.text()
    expect(text).toMatch(/^# Square Friends Fleece Blanket\n/)
    expect(text).toContain('- Price: $38.00 (USD), + sales tax at checkout, shipping included\n')
    expect(text).toContain('- Availability: in stock')
    expect(text).toContain(
      `| ${BLANKET_VARIANT_ID} | SQS-BLANKET-3040 | $38.00 | yes | http://127.0.0.1:8787/cart/${VARIANT}:1 |`,
    )
    expect(text).toContain('The store’s UCP business profile: http://127.0.0.1:8787/.well-known/ucp')
    // Kept like the page, once per market: the German copy is in euros.
    expect((await shop.fetch('/en-zz/product/toddler-blanket.md')).headers.get('cf-cache-status')).toBe('HIT')
    const german = await (
      await shop.fetchWithCf('/product/toddler-blanket.md', { cf: { country: 'DE' } } as RequestInit)
    ).text()
    expect(german).toContain('- Price: €35.00 (EUR), incl. VAT, shipping included, in Germany')
    expect((await shop.fetch('/product/no-such-blanket.md')).status).toBe(404)
  })

  test('the structured data names the variant’s id as Shopify gives it; robots.txt names the sitemap and keeps crawlers off the doors that make carts', async () => {
    const page = await door('/product/toddler-blanket')
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page.text)![1]!)
    expect(data.productID).toBe(BLANKET_VARIANT_ID)
    const robots = await shop.fetch('/robots.txt')
    expect(robots.headers.get('Content-Type')).toMatch(/^text\/plain/)
    const text = await robots.text()
    expect(text).toContain('Sitemap: http://127.0.0.1:8787/sitemap.xml')
    for (const path of ['/checkout', '/cart/', '/buy/', '/discount/']) expect(text).toContain(`Disallow: ${path}\n`)
  })
})
