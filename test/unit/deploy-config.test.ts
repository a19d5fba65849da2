import { readdirSync, readFileSync, statSync } from 'node:fs'
import { expect, test } from 'vitest'
import { unstable_readConfig } from 'wrangler'
import { readConfig, SETTINGS, type Bindings } from '../../src/config.ts'

// wrangler.toml is the operator's contract: these are the settings that cannot go wrong.
const read = (env: string) =>
  unstable_readConfig({ config: 'wrangler.toml', env } as Parameters<typeof unstable_readConfig>[0])
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
  expect(production.vars).toMatchObject({
    REQUIRE_PRIVATE_TOKEN: 'true',
    SHOPIFY_STORE_DOMAIN: expect.stringMatching(/\.myshopify\.com$/),
  })
  expect(production.durable_objects.bindings).toEqual([
    { name: 'PRODUCT_STORE', class_name: 'ProductStore' },
    { name: 'CHECKOUT_HEALTH', class_name: 'CheckoutHealth' },
    { name: 'ORDER_LEDGER', class_name: 'OrderLedger' },
  ])
  // Every environment binds the same objects, and the migrations name each class.
  for (const config of [read('staging'), local])
    expect(config.durable_objects.bindings).toEqual(production.durable_objects.bindings)
  expect(
    production.migrations.flatMap((migration: { new_sqlite_classes?: string[] }) => migration.new_sqlite_classes ?? []),
  ).toEqual(['ProductStore', 'CheckoutHealth', 'OrderLedger'])
  // The checkout check runs on Cloudflare's schedule in every environment (src/monitoring/).
  for (const config of [production, read('staging'), local]) expect(config.triggers).toEqual({ crons: ['*/5 * * * *'] })
  expect(production.ratelimits.map((limit: { name: string }) => limit.name).sort()).toEqual([
    'CHECKOUT_RATE_LIMITER',
    'EVENTS_RATE_LIMITER',
    'PERMALINK_RATE_LIMITER',
    'STOREFRONT_RATE_LIMITER',
  ])
  // The field analytics: Analytics Engine in production and staging, each its own dataset.
  expect(production.analytics_engine_datasets).toEqual([{ binding: 'EVENTS', dataset: 'blanket_shop_events' }])
  expect(read('staging').analytics_engine_datasets).toEqual([
    { binding: 'EVENTS', dataset: 'blanket_shop_staging_events' },
  ])
  expect(local.analytics_engine_datasets).toEqual([])
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
  expect(() => readConfig({ ...(staging.vars as Record<string, string>), ...secrets } as Bindings)).toThrow(
    /SHOP_ORIGIN is not set/,
  )
  const shop = readConfig({ ...(production.vars as Record<string, string>), ...secrets } as Bindings)
  expect(shop.shopOrigin).toBe(`https://${(production.routes![0] as { pattern: string }).pattern}`)
  expect(local.vars).toMatchObject({ SHOP_ORIGIN: 'http://127.0.0.1:8787' })
})

test('assets are served without the Worker: it runs first on every path but the static files', () => {
  // What public/ holds at its top (the build copies it into dist/client), and Vite's assets/.
  const served = ['assets', ...readdirSync('public').filter((name) => !['_headers', '.assetsignore'].includes(name))]
  const negated = served.map((name) =>
    statSync(`public/${name}`, { throwIfNoEntry: false })?.isFile() ? `!/${name}` : `!/${name}/*`,
  )
  for (const config of [local, production]) {
    const [first, ...rest] = config.assets!.run_worker_first as string[]
    expect([first, ...rest.sort()]).toEqual(['/*', ...negated.sort()])
  }
  expect(readFileSync('public/.assetsignore', 'utf8').split('\n')).toContain('.vite')
})

// Cloudflare's changelog, 2026-10-01: from that date an idle Durable Object is kept up for its
// pending ctx.waitUntil work, which the flag only brought to earlier dates.
test('a Durable Object is kept up for its waitUntil work, the stale refresh, in every environment: a date past 2026-10-01, no flag it makes redundant', () => {
  for (const config of [production, read('staging'), local]) {
    expect(config.compatibility_date! >= '2026-10-01').toBe(true)
    expect(config.compatibility_flags ?? []).toEqual([])
  }
})

test('logs: no invocation line per request, and no head sampling that would drop errors', () => {
  expect(production.observability).toMatchObject({
    enabled: true,
    logs: { enabled: true, invocation_logs: false, head_sampling_rate: 1 },
  })
  expect(Number(production.vars.LOG_SAMPLE_RATE)).toBeLessThan(1)
})

test("docs/deploying.md's settings table names every setting the Worker reads and every binding wrangler.toml declares, and nothing else", () => {
  const readme = readFileSync('docs/deploying.md', 'utf8')
  const table = readme.slice(readme.indexOf('## Settings'))
  const documented = [...table.matchAll(/^\| `([A-Z0-9_]+)` \|/gm)].map((match) => match[1])
  const limiters = production.ratelimits.map((limit: { name: string }) => limit.name)
  const datasets = production.analytics_engine_datasets.map((dataset: { binding: string }) => dataset.binding)
  expect(documented.sort()).toEqual([...SETTINGS, ...limiters, ...datasets].sort())
})

// Defaults live in src/config.ts alone: a var an environment sets to its default is a second
// copy that drifts. Each is checked by reading the config with and without it.
test.each(['', 'staging', 'production'])('wrangler.toml env "%s" sets only what differs from the defaults', (env) => {
  const vars = read(env).vars as Record<string, string>
  // The settings that have no default stand filled in where an environment leaves them for
  // the operator. Each is read with the public token and with the private one, so
  // REQUIRE_PRIVATE_TOKEN's refusal counts as a difference too.
  const required = { SHOP_ORIGIN: 'https://shop.example.com', SHOPIFY_STORE_DOMAIN: 'x.myshopify.com' }
  const filled = Object.fromEntries(
    Object.entries(vars).map(([name, value]) => [name, value || required[name as keyof typeof required] || value]),
  )
  const base = { ...required, ...filled, SHOPIFY_STOREFRONT_TOKEN: 't', ASSETS: {} } as Bindings
  const outcome = (bindings: Bindings) =>
    [{}, { SHOPIFY_STOREFRONT_PRIVATE_TOKEN: 'p' }]
      .map((token) => {
        try {
          return JSON.stringify(readConfig({ ...bindings, ...token }))
        } catch (error) {
          return String(error)
        }
      })
      .join()
  const redundant = Object.keys(vars).filter((name) => {
    const { [name]: _, ...without } = base as unknown as Record<string, unknown>
    return name in required ? false : outcome(without as unknown as Bindings) === outcome(base)
  })
  expect(redundant).toEqual([])
  for (const name of Object.keys(vars)) expect(SETTINGS).toContain(name)
})

// Each entry a Worker runs from (production's, `npm start`'s and the tests', `npm run dev`'s)
// exports every Durable Object class wrangler.toml binds: one left out starts no dev server.
test.each(['src/index.ts', 'src/local/index.ts', 'src/local/dev.ts'])(
  '%s exports every Durable Object class',
  (entry) => {
    const source = readFileSync(entry, 'utf8')
    for (const { class_name } of production.durable_objects.bindings)
      expect(source, class_name).toMatch(new RegExp(`^export \\{ ${class_name} \\} from `, 'm'))
  },
)
