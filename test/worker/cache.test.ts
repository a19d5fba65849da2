import { afterEach, expect, test } from 'vitest'
import { blanket } from '../../storefront-double/catalog.ts'
import { eventually, sleep, startShop, type Shop } from '../../scripts/harness/shop.ts'

let shop: Shop | undefined
afterEach(() => shop?.dispose())

const outcome = (res: Response) => /cache;desc="([A-Z-]+)"/.exec(res.headers.get('Server-Timing') ?? '')?.[1]
const productCalls = () => shop!.double.callsOf('ProductByHandle').length

test('a miss asks Shopify once; the next request is a hit', async () => {
  shop = await startShop()
  const first = await shop.fetch('/product/toddler-blanket')
  expect(outcome(first)).toBe('MISS')
  await first.text()
  await eventually(async () => outcome(await shop!.fetch('/product/toddler-blanket')) === 'HIT')
  const hit = await shop.fetch('/product/toddler-blanket')
  expect(outcome(hit)).toBe('HIT')
  expect(await hit.text()).toContain('Square Friends Fleece Blanket')
  expect(productCalls()).toBe(1)
})

test('entries are kept per handle', async () => {
  shop = await startShop()
  shop.double.products.set('bath-towel', { ...blanket(), handle: 'bath-towel', title: 'Square Friends Towel' })
  expect(await (await shop.fetch('/product/toddler-blanket')).text()).toContain('Square Friends Fleece Blanket')
  expect(await (await shop.fetch('/product/bath-towel')).text()).toContain('Square Friends Towel')
  expect(productCalls()).toBe(2)
})

test('concurrent misses for one handle share one upstream call', async () => {
  shop = await startShop()
  const release = shop.double.hold()
  const pending = Array.from({ length: 30 }, () => shop!.fetch('/product/toddler-blanket').then((r) => r.text()))
  await eventually(() => productCalls() >= 1)
  release()
  const pages = await Promise.all(pending)
  expect(pages.every((html) => html.includes('Square Friends Fleece Blanket'))).toBe(true)
  expect(productCalls()).toBe(1)
})

test('a shopper waiting on a refresh gets the product even when the shopper who started it hung up', async () => {
  shop = await startShop({ RENDER_DEADLINE_MS: '10000' })
  const release = shop.double.hold()
  const starter = new AbortController()
  const first = shop.fetch('/product/toddler-blanket', { signal: starter.signal }).catch((error: Error) => error)
  await eventually(() => productCalls() === 1) // the first request started the one Shopify call
  const waiter = shop
    .fetch('/product/toddler-blanket')
    .then(async (res) => ({ status: res.status, html: await res.text() }))
  await sleep(200) // the waiter is now waiting on that same call
  starter.abort()
  expect(await first).toBeInstanceOf(Error)
  await sleep(200) // the starter's request is gone in the Worker too
  release()
  const { status, html } = await waiter
  expect(status).toBe(200)
  expect(html).toContain('Square Friends Fleece Blanket')
  expect(productCalls()).toBe(1)
})

test('a stale entry is served at once and refreshed in the background', async () => {
  // Shopify's timeout outlasts the test, so a page that waited for the refresh would never come.
  shop = await startShop({
    PRODUCT_CACHE_FRESH_SECONDS: '0',
    PRODUCT_CACHE_SWR_SECONDS: '600',
    STOREFRONT_TIMEOUT_MS: '60000',
  })
  await (await shop.fetch('/product/toddler-blanket')).text() // a miss: kept before it was answered

  // Shopify is renamed and answers nothing until released: an answer now can only be the kept one.
  const release = shop.double.hold()
  shop.double.products.get('toddler-blanket')!.title = 'Renamed Blanket'
  const stale = await shop.fetch('/product/toddler-blanket')
  expect(outcome(stale)).toBe('STALE')
  expect(await stale.text()).toContain('Square Friends Fleece Blanket') // the old entry, at once
  await eventually(() => productCalls() === 2) // refreshed behind it
  release()
  await eventually(async () =>
    (await (await shop!.fetch('/product/toddler-blanket')).text()).includes('Renamed Blanket'),
  )
})

test('answers carrying GraphQL errors are never cached', async () => {
  shop = await startShop()
  shop.double.setFault({ kind: 'graphql-errors', messages: ['Throttled'] })
  expect((await shop.fetch('/product/toddler-blanket')).status).toBe(503)
  shop.double.setFault(null)
  const res = await shop.fetch('/product/toddler-blanket')
  expect(res.status).toBe(200)
  expect(outcome(res)).toBe('MISS')
  expect(productCalls()).toBe(2)
})

test("'not found' is cached for its own short time", async () => {
  shop = await startShop({ PRODUCT_NOT_FOUND_CACHE_SECONDS: '30' })
  expect((await shop.fetch('/product/not-a-blanket')).status).toBe(404)
  await eventually(async () => outcome(await shop!.fetch('/product/not-a-blanket')) === 'HIT')
  expect(productCalls()).toBe(1)
})

test("'not found' is asked again once its time is up", async () => {
  shop = await startShop({ PRODUCT_NOT_FOUND_CACHE_SECONDS: '0' })
  await shop.fetch('/product/not-a-blanket')
  await shop.fetch('/product/not-a-blanket')
  expect(productCalls()).toBe(2)
})

test('when Shopify fails and a stale entry exists, the stale entry is served', async () => {
  shop = await startShop({
    PRODUCT_CACHE_FRESH_SECONDS: '0',
    PRODUCT_CACHE_SWR_SECONDS: '0',
    PRODUCT_CACHE_STALE_IF_ERROR_SECONDS: '600',
  })
  await (await shop.fetch('/product/toddler-blanket')).text()
  // Past fresh and SWR: the entry is refetched in line, so wait until it has been stored.
  await eventually(async () => {
    const res = await shop!.fetch('/product/toddler-blanket')
    await res.text()
    return productCalls() >= 2
  })
  shop.double.setFault({ kind: 'status', status: 500 })
  await eventually(async () => outcome(await shop!.fetch('/product/toddler-blanket')) === 'STALE-IF-ERROR')
  const res = await shop.fetch('/product/toddler-blanket')
  expect(res.status).toBe(200)
  expect(outcome(res)).toBe('STALE-IF-ERROR')
  expect(await res.text()).toContain('Square Friends Fleece Blanket')
  expect(shop.logEntries().some((e) => e.level === 'error')).toBe(false)
})

test('without a stale entry, a Shopify failure is not papered over', async () => {
  shop = await startShop()
  shop.double.setFault({ kind: 'status', status: 500 })
  const res = await shop.fetch('/product/toddler-blanket')
  expect(res.status).toBe(503)
  expect(await res.text()).toContain('Product not found')
})
