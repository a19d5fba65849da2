import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { unstable_readConfig } from 'wrangler'
import { readConfig, type Bindings } from '../../src/config'

// wrangler.toml is the operator's contract: these are the settings that cannot go wrong.
const read = (env: string) => unstable_readConfig({ config: 'wrangler.toml', env } as Parameters<typeof unstable_readConfig>[0])
const production = read('production')
const local = read('')

test('a bare `wrangler deploy` builds a local Worker that can reach nobody and is not production', () => {
  expect(local.name).not.toBe(production.name)
  expect(local.main).toMatch(/src\/local\/index\.ts$/)
  expect(local.routes ?? []).toEqual([])
  expect(local.workers_dev).toBe(false)
  expect(local.preview_urls).toBe(false)
})

test('production runs src/index.ts on its custom domain only, behind Workers Cache', () => {
  expect(production.main).toMatch(/src\/index\.ts$/)
  expect(production.routes!.length).toBeGreaterThan(0)
  for (const route of production.routes!) expect(route).toMatchObject({ custom_domain: true })
  expect(production.workers_dev).toBe(false)
  expect(production.preview_urls).toBe(false)
  expect((production as unknown as { cache: unknown }).cache).toEqual({ enabled: true, cross_version_cache: false })
  expect(production.vars).toMatchObject({ REQUIRE_PRIVATE_TOKEN: 'true', SHOPIFY_STORE_DOMAIN: expect.stringMatching(/\.myshopify\.com$/) })
  expect(production.durable_objects.bindings).toEqual([{ name: 'PRODUCT_STORE', class_name: 'ProductStore' }])
  expect(production.ratelimits.map((limit: { name: string }) => limit.name).sort()).toEqual(['CHECKOUT_RATE_LIMITER', 'STOREFRONT_RATE_LIMITER'])
})

// The one line a misconfigured Worker logs, for SHOP_ORIGIN as for every setting.
test('production and staging refuse to run without SHOP_ORIGIN; production names its custom domain', () => {
  const staging = read('staging')
  const secrets = { SHOPIFY_STOREFRONT_PRIVATE_TOKEN: 'p', ASSETS: {} as Fetcher }
  for (const config of [production, staging]) {
    const { SHOP_ORIGIN: _, ...without } = config.vars as Record<string, string>
    expect(() => readConfig({ ...without, ...secrets } as Bindings)).toThrow(/SHOP_ORIGIN is not set/)
  }
  // Shipped unset for staging (its workers.dev subdomain is the operator's), so it refuses until set.
  expect(() => readConfig({ ...(staging.vars as Record<string, string>), ...secrets } as Bindings)).toThrow(/SHOP_ORIGIN is not set/)
  const shop = readConfig({ ...(production.vars as Record<string, string>), ...secrets } as Bindings)
  expect(shop.shopOrigin).toBe(`https://${(production.routes![0] as { pattern: string }).pattern}`)
  expect(local.vars).toMatchObject({ SHOP_ORIGIN: 'http://127.0.0.1:8787' })
})

test('assets are served without the Worker; it runs first only on the dynamic paths', () => {
  for (const config of [local, production]) {
    expect(config.assets?.run_worker_first).toEqual(['/', '/product/*', '/about', '/terms', '/privacy', '/sitemap.xml', '/checkout', '/checkout/*', '/cart/*', '/webhooks/*'])
  }
  expect(readFileSync('public/.assetsignore', 'utf8').split('\n')).toContain('.vite')
})

test('logs: no invocation line per request, and no head sampling that would drop errors', () => {
  expect(production.observability).toMatchObject({ enabled: true, logs: { enabled: true, invocation_logs: false, head_sampling_rate: 1 } })
  expect(Number(production.vars.LOG_SAMPLE_RATE)).toBeLessThan(1)
})
