import { request as httpRequest } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { inOneRateLimitWindow, startShop, type Shop } from '../../scripts/harness/shop.ts'
import { OFF_SITE } from '../off-site.ts'

// The doors attacked from outside (src/routes/doors.ts; the rules are src/routes/shop-redirect.ts
// and src/routes/permalink.ts, whose unit tests generate the spellings): no redirect leaves the
// shop, and another site's page cannot make carts in its visitors' names.

const VARIANT = BLANKET_VARIANT_ID.split('/').pop()!
const SHOP = 'http://127.0.0.1:8787'
let shop: Shop
beforeAll(async () => {
  // As deployed: ten checkouts and ten permalinks a minute per client.
  shop = await startShop({}, { checkoutsPerMinute: 10, permalinksPerMinute: 10 })
})
afterAll(() => shop?.dispose())
beforeEach(() => shop.double.reset())

// Every spelling that once answered `Location: //evil.example` (and set the discount's cookie on
// the way), in the query as written and percent-encoded.
const AS_WRITTEN = OFF_SITE.filter((spelling) => /^[!-~]+$/.test(spelling) && !/[#&?]/.test(spelling))
describe.each([...AS_WRITTEN, ...OFF_SITE.map(encodeURIComponent)])('a discount link asking for %s', (redirect) => {
  test('gets a 400, sets nothing and sends nobody anywhere', async () => {
    const res = await shop.fetch(`/discount/WELCOME10?redirect=${redirect}`)
    expect([res.status, res.headers.get('Location'), res.headers.get('Set-Cookie')]).toEqual([400, null, null])
    expect(await res.text()).toContain('only to a page of this shop')
  })
})

test('a discount link leads where the browser would have resolved its path, on the shop', async () => {
  const res = await shop.fetch('/discount/WELCOME10?redirect=/product/x/../toddler-blanket%3Futm_source%3Dmail')
  expect([res.status, res.headers.get('Location')]).toEqual([302, '/product/toddler-blanket?utm_source=mail'])
})

test.each([
  [`${SHOP}//evil.example/x`, '/#cart'],
  [`${SHOP}/.//evil.example/x`, '/#cart'],
  [`${SHOP}/cart`, '/#cart'],
  [`${SHOP}/cart/`, '/#cart'],
  [`${SHOP}/en-de/terms?x=1`, '/en-de/terms?x=1#cart'],
])('/cart with the Referer %s goes back to %s', async (referer, location) => {
  const res = await shop.fetch('/cart', { headers: { Referer: referer } })
  expect([res.status, res.headers.get('Location')]).toEqual([303, location])
})

/**
 * A GET with exactly these headers: Node's fetch overwrites `Sec-Fetch-Mode` with `cors`, so a
 * browser's navigation is sent through node:http.
 */
function asBrowser(path: string, headers: Record<string, string>): Promise<{ status: number; location?: string }> {
  return new Promise((resolve, reject) =>
    httpRequest(new URL(path, shop.origin), { headers }, (res) => {
      res.resume()
      resolve({ status: res.statusCode!, location: res.headers.location })
    })
      .on('error', reject)
      .end(),
  )
}

/** Fetch Metadata as a browser sends it for each way a page can ask for a URL. */
const AS = {
  image: { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Site': 'cross-site' },
  script: { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'script', 'Sec-Fetch-Site': 'cross-site' },
  frame: { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe', 'Sec-Fetch-Site': 'cross-site' },
  fetch: { 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty', 'Sec-Fetch-Site': 'cross-site' },
  navigation: { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': 'cross-site' },
}

describe('permalinks another site’s page loads', () => {
  test('twelve <img> permalinks of 99 blankets make no cart, and the visitor’s own checkout then answers 200', async () => {
    const visitor = { 'CF-Connecting-IP': '203.0.113.7' }
    for (let i = 0; i < 12; i++) {
      const res = await asBrowser(`/cart/${VARIANT}:99`, { ...AS.image, ...visitor })
      expect(res.status).toBe(403)
    }
    for (const as of [AS.script, AS.frame, AS.fetch])
      expect((await asBrowser(`/buy/${VARIANT}:1`, { ...as, ...visitor })).status).toBe(403)
    expect(shop.double.callsOf('CartCreate')).toEqual([])
    const checkout = await shop.fetch('/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', ...visitor },
      body: JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] }),
    })
    expect(checkout.status).toBe(200)
  })

  test('a link followed from another site (Shopify Catalog, an agent) reaches a checkout; so does a browser that sends no Fetch Metadata', async () => {
    const followed = await asBrowser(`/cart/${VARIANT}:1`, { ...AS.navigation, 'CF-Connecting-IP': '203.0.113.8' })
    expect(followed.status).toBe(303)
    expect(new URL(followed.location!).origin).toBe(shop.doubleOrigin)
    const old = await shop.fetch(`/buy/${VARIANT}:1`, { headers: { 'CF-Connecting-IP': '203.0.113.9' } })
    expect(old.status).toBe(303)
    expect(shop.double.callsOf('CartCreate')).toHaveLength(2)
  })

  test('links a visitor follows count apart from their own checkouts: past the permalinks’ limit, the checkout still answers', async () => {
    const visitor = { 'CF-Connecting-IP': '203.0.113.10' }
    const statuses: number[] = []
    await inOneRateLimitWindow()
    for (let i = 0; i < 11; i++)
      statuses.push((await asBrowser(`/cart/${VARIANT}:1`, { ...AS.navigation, ...visitor })).status)
    expect(statuses).toEqual([...Array(10).fill(303), 429])
    const checkout = await shop.fetch('/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', ...visitor },
      body: JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] }),
    })
    expect(checkout.status).toBe(200)
  })
})
