import { API_VERSION } from '../../src/storefront/api-version.ts'
import { expect, test, vi } from 'vitest'
import { readConfig, type Bindings } from '../../src/config.ts'
import { readProduct, TooManyLookups } from '../../src/product/read-product.ts'
import type { ProductRead } from '../../src/product/product-store.ts'

// A cold product request asks the product's Durable Object once; the object itself decides
// whether an unknown handle may cost a Shopify call (src/product/product-store.ts).
function withStore(answer: ProductRead) {
  const read = vi.fn(async () => answer)
  const getByName = vi.fn(() => ({ read }))
  const env = {
    SHOP_ORIGIN: 'https://shop.example.com',
    SHOPIFY_STORE_DOMAIN: 'blanket-shop.myshopify.com',
    SHOPIFY_STOREFRONT_TOKEN: 't',
    PRODUCT_STORE: { getByName },
  } as unknown as Bindings
  return { read, getByName, ctx: { env, config: readConfig(env), buyerIp: '203.0.113.7', requestId: 'r1' } }
}

test('one call to the one object named by shop, API version and handle', async () => {
  const markets = {
    primaryCountry: 'US',
    shipsTo: ['US'],
    countries: [{ isoCode: 'US', name: 'United States', currency: 'USD', languages: ['EN'] }],
  }
  const { read, getByName, ctx } = withStore({ kind: 'known', product: null, markets, outcome: 'MISS', upstreamMs: 80 })
  expect(await readProduct(ctx, 'toddler-blanket')).toEqual({ product: null, markets, outcome: 'MISS', upstreamMs: 80 })
  expect(getByName.mock.calls).toEqual([[`blanket-shop.myshopify.com/${API_VERSION}/toddler-blanket`]])
  expect(read.mock.calls).toEqual([['toddler-blanket', { buyerIp: '203.0.113.7', requestId: 'r1', country: null }]])
})

test('a lookup the object refuses (the rate limit) is TooManyLookups, after that one call', async () => {
  const { read, ctx } = withStore({ kind: 'refused' })
  await expect(readProduct(ctx, 'nope')).rejects.toBeInstanceOf(TooManyLookups)
  expect(read).toHaveBeenCalledTimes(1)
})
