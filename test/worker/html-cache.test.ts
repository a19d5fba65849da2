import { afterEach, expect, test } from 'vitest'
import { startShop, type Shop } from './harness'

let shop: Shop | undefined
afterEach(() => shop?.dispose())

const PHONE = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36' }
const timing = (res: Response) => res.headers.get('Server-Timing')

test('a finished page is served from the edge cache until HTML_CACHE_SECONDS pass', async () => {
  shop = await startShop({ HTML_CACHE_SECONDS: '60' })
  const first = await shop.fetch('/product/toddler-blanket', { headers: PHONE })
  const html = await first.text()
  expect(timing(first)).toMatch(/^cache;desc="MISS", storefront;dur=\d+$/)
  let hit: Response | undefined
  for (let i = 0; i < 50 && timing(hit ?? new Response()) !== 'html;desc="HIT"'; i++) {
    hit = await shop.fetch('/product/toddler-blanket', { headers: PHONE })
  }
  expect(timing(hit!)).toBe('html;desc="HIT"')
  expect(await hit!.text()).toBe(html)
  expect(hit!.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
  expect(hit!.headers.get('X-Request-Id')).not.toBeNull() // each answer still has its own id
})

test('a page streamed past the deadline, an error and a 404 are never cached', async () => {
  shop = await startShop({ HTML_CACHE_SECONDS: '60', RENDER_DEADLINE_MS: '50', PRODUCT_CACHE_FRESH_SECONDS: '0', PRODUCT_CACHE_SWR_SECONDS: '0', PRODUCT_CACHE_STALE_IF_ERROR_SECONDS: '0', PRODUCT_NOT_FOUND_CACHE_SECONDS: '0' })
  shop.double.latencyMs = 300
  for (let i = 0; i < 3; i++) await (await shop.fetch('/product/toddler-blanket', { headers: PHONE })).text()
  expect(shop.double.callsOf('ProductByHandle')).toHaveLength(3)

  shop.double.latencyMs = 0
  for (let i = 0; i < 3; i++) await (await shop.fetch('/product/not-a-blanket', { headers: PHONE })).text()
  expect(shop.double.callsOf('ProductByHandle')).toHaveLength(6)
})

test('with HTML_CACHE_SECONDS=0 every request renders', async () => {
  shop = await startShop({ HTML_CACHE_SECONDS: '0' })
  for (let i = 0; i < 3; i++) {
    const res = await shop.fetch('/terms', { headers: PHONE })
    expect(timing(res)).toBeNull()
    await res.text()
  }
})
