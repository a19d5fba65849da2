import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const PHONE = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36'

let shop: Shop
beforeAll(async () => {
  // No product caching, so every request waits on the (held) double.
  shop = await startShop({
    RENDER_DEADLINE_MS: '1000',
    PRODUCT_CACHE_FRESH_SECONDS: '0',
    PRODUCT_CACHE_SWR_SECONDS: '0',
    PRODUCT_CACHE_STALE_IF_ERROR_SECONDS: '0',
    PRODUCT_NOT_FOUND_CACHE_SECONDS: '0',
  })
})
afterAll(() => shop?.dispose())
beforeEach(() => shop.double.reset())

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, done: (text: string) => boolean) {
  const decoder = new TextDecoder()
  let text = ''
  while (!done(text)) {
    const chunk = await reader.read()
    if (chunk.done) break
    text += decoder.decode(chunk.value, { stream: true })
  }
  return text
}

test('past the deadline the shell and the skeleton stream before Shopify answers', async () => {
  const release = shop.double.hold()
  // identity: Miniflare emulates Cloudflare's edge gzip, and workerd's gzip encoder holds
  // a streamed body back until it ends, which would hide the Worker's own streaming here.
  const res = await shop.fetch('/product/toddler-blanket', {
    headers: { 'User-Agent': PHONE, 'Accept-Encoding': 'identity' },
  })
  expect(res.status).toBe(200)
  const reader = res.body!.getReader()

  const shell = await readUntil(reader, (t) => t.includes('data-testid="product-skeleton"'))
  expect(shell.startsWith('<!DOCTYPE html>')).toBe(true)
  expect(shell).toContain('<header')
  expect(shell).toContain('data-testid="product-skeleton"')
  expect(shell).not.toContain('Square Friends Fleece Blanket')
  expect(shop.double.callsOf('ProductByHandle')).toHaveLength(1) // asked, not yet answered

  release()
  const rest = await readUntil(reader, () => false)
  expect(rest).toContain('Square Friends Fleece Blanket')
  expect(rest).toContain('$38.00')
  expect(rest).toContain('</html>')
})

test('within the deadline the product is rendered in place, with no skeleton', async () => {
  const res = await shop.fetch('/product/toddler-blanket', { headers: { 'User-Agent': PHONE } })
  const html = await res.text()
  expect(res.status).toBe(200)
  expect(html).not.toContain('product-skeleton')
  expect(html).toContain('<title>Square Friends Fleece Blanket – Square Snuggles</title>')
})

test('an unknown handle answered within the deadline gets status 404', async () => {
  const res = await shop.fetch('/product/not-a-blanket', { headers: { 'User-Agent': PHONE } })
  expect(res.status).toBe(404)
  expect(await res.text()).toContain('Product not found')
})

test('crawlers wait for the whole document and get the true status', async () => {
  shop.double.latencyMs = 1500 // well past the 1000 ms deadline
  const found = await shop.fetch('/product/toddler-blanket', { headers: { 'User-Agent': GOOGLEBOT } })
  expect(found.status).toBe(200)
  const html = await found.text()
  expect(html).toContain('Square Friends Fleece Blanket')
  expect(html).not.toContain('product-skeleton')

  const missing = await shop.fetch('/product/not-a-blanket', { headers: { 'User-Agent': GOOGLEBOT } })
  expect(missing.status).toBe(404)
  expect(await missing.text()).toContain('Product not found')
})
