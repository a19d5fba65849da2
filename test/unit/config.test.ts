import { expect, test } from 'vitest'
import { ConfigError, readConfig, type Bindings } from '../../src/config'

const env = (vars: Partial<Bindings>) => ({ ASSETS: {} as Fetcher, ...vars }) as Bindings

test('a bare shop domain becomes an https origin, with defaults for the rest', () => {
  const config = readConfig(env({ SHOPIFY_STORE_DOMAIN: 'blanket.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 'abc' }))
  expect(config.storefront).toEqual({ origin: 'https://blanket.myshopify.com', token: { kind: 'public', value: 'abc' }, timeoutMs: 5000 })
  expect(config.productCache).toEqual({ freshSeconds: 60, staleWhileRevalidateSeconds: 600, staleIfErrorSeconds: 86400, notFoundSeconds: 30 })
  expect(config.renderDeadlineMs).toBe(150)
})

test('a private token wins over a public one', () => {
  const config = readConfig(env({ SHOPIFY_STORE_DOMAIN: 'https://blanket.myshopify.com/', SHOPIFY_STOREFRONT_TOKEN: 'pub', SHOPIFY_STOREFRONT_PRIVATE_TOKEN: 'priv' }))
  expect(config.storefront.origin).toBe('https://blanket.myshopify.com')
  expect(config.storefront.token).toEqual({ kind: 'private', value: 'priv' })
})

test('plain http is accepted only on loopback, for the local double', () => {
  expect(readConfig(env({ SHOPIFY_STORE_DOMAIN: 'http://127.0.0.1:8788', SHOPIFY_STOREFRONT_TOKEN: 't' })).storefront.origin).toBe('http://127.0.0.1:8788')
  expect(() => readConfig(env({ SHOPIFY_STORE_DOMAIN: 'http://evil.example', SHOPIFY_STOREFRONT_TOKEN: 't' }))).toThrow(/SHOPIFY_STORE_DOMAIN "http:\/\/evil.example" is not a shop domain/)
})

test.each([
  [{ SHOPIFY_STOREFRONT_TOKEN: 't' }, /SHOPIFY_STORE_DOMAIN is not set/],
  [{ SHOPIFY_STORE_DOMAIN: '', SHOPIFY_STOREFRONT_TOKEN: 't' }, /SHOPIFY_STORE_DOMAIN is not set/],
  [{ SHOPIFY_STORE_DOMAIN: 'a.myshopify.com' }, /SHOPIFY_STOREFRONT_TOKEN is not set/],
  [{ SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', PRODUCT_CACHE_FRESH_SECONDS: 'soon' }, /PRODUCT_CACHE_FRESH_SECONDS/],
  [{ SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', STOREFRONT_TIMEOUT_MS: '0' }, /STOREFRONT_TIMEOUT_MS must be above 0/],
])('a bad environment names the setting: %j', (vars, message) => {
  expect(() => readConfig(env(vars))).toThrow(ConfigError)
  expect(() => readConfig(env(vars))).toThrow(message)
})
