import { expect, test } from 'vitest'
import { ConfigError, configOrNull, readConfig, type Bindings } from '../../src/config.ts'

const env = (vars: Partial<Bindings>) =>
  ({ ASSETS: {} as Fetcher, SHOP_ORIGIN: 'https://shop.example.com', ...vars }) as Bindings

test('a bare shop domain becomes an https origin, with defaults for the rest', () => {
  const config = readConfig(env({ SHOPIFY_STORE_DOMAIN: 'blanket.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 'abc' }))
  expect(config.storefront).toEqual({
    origin: 'https://blanket.myshopify.com',
    token: { kind: 'public', value: 'abc' },
    timeoutMs: 5000,
  })
  expect(config.productCache).toEqual({
    freshSeconds: 60,
    staleWhileRevalidateSeconds: 600,
    staleIfErrorSeconds: 86400,
    notFoundSeconds: 30,
  })
  expect(config.renderDeadlineMs).toBe(150)
})

test('a private token wins over a public one', () => {
  const config = readConfig(
    env({
      SHOPIFY_STORE_DOMAIN: 'https://blanket.myshopify.com/',
      SHOPIFY_STOREFRONT_TOKEN: 'pub',
      SHOPIFY_STOREFRONT_PRIVATE_TOKEN: 'priv',
    }),
  )
  expect(config.storefront.origin).toBe('https://blanket.myshopify.com')
  expect(config.storefront.token).toEqual({ kind: 'private', value: 'priv' })
})

test('SHOP_ORIGIN is kept as an origin; plain http only on loopback, for `npm start`', () => {
  const vars = { SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't' }
  expect(readConfig(env({ ...vars, SHOP_ORIGIN: 'https://Shop.Example.com/' })).shopOrigin).toBe(
    'https://shop.example.com',
  )
  expect(readConfig(env({ ...vars, SHOP_ORIGIN: 'http://127.0.0.1:8787' })).shopOrigin).toBe('http://127.0.0.1:8787')
})

test('plain http is accepted only on loopback, for the local double', () => {
  expect(
    readConfig(env({ SHOPIFY_STORE_DOMAIN: 'http://127.0.0.1:8788', SHOPIFY_STOREFRONT_TOKEN: 't' })).storefront.origin,
  ).toBe('http://127.0.0.1:8788')
  expect(() => readConfig(env({ SHOPIFY_STORE_DOMAIN: 'http://evil.example', SHOPIFY_STOREFRONT_TOKEN: 't' }))).toThrow(
    /SHOPIFY_STORE_DOMAIN "http:\/\/evil.example" is not a shop domain/,
  )
})

const badEnvironments: [Partial<Bindings>, RegExp][] = [
  [{ SHOPIFY_STOREFRONT_TOKEN: 't' }, /SHOPIFY_STORE_DOMAIN is not set/],
  [{ SHOPIFY_STORE_DOMAIN: '', SHOPIFY_STOREFRONT_TOKEN: 't' }, /SHOPIFY_STORE_DOMAIN is not set/],
  [{ SHOPIFY_STORE_DOMAIN: 'a.myshopify.com' }, /SHOPIFY_STOREFRONT_TOKEN is not set/],
  [
    { SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', PRODUCT_CACHE_FRESH_SECONDS: 'soon' },
    /PRODUCT_CACHE_FRESH_SECONDS/,
  ],
  [
    { SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', STOREFRONT_TIMEOUT_MS: '0' },
    /STOREFRONT_TIMEOUT_MS must be above 0/,
  ],
  // Production sends each buyer's IP to Shopify, which takes the private token.
  [
    { SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', REQUIRE_PRIVATE_TOKEN: 'true' },
    /SHOPIFY_STOREFRONT_PRIVATE_TOKEN is not set, and REQUIRE_PRIVATE_TOKEN is "true": run `wrangler secret put SHOPIFY_STOREFRONT_PRIVATE_TOKEN --env production`/,
  ],
  [
    { SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', WEBHOOK_REFETCH_DELAY_MS: '40000' },
    /WEBHOOK_REFETCH_DELAY_MS must be at most 25000/,
  ],
  [
    { SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', CHECKOUT_DOMAIN: 'pay me' },
    /CHECKOUT_DOMAIN "pay me" is not a host name/,
  ],
  // Every address a page gives is built on it, never on the request's host.
  [
    { SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', SHOP_ORIGIN: undefined },
    /SHOP_ORIGIN is not set/,
  ],
  [
    { SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', SHOP_ORIGIN: '' },
    /SHOP_ORIGIN is not set/,
  ],
  [
    { SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', SHOP_ORIGIN: 'shop.example.com' },
    /SHOP_ORIGIN "shop.example.com" is not an origin like https:\/\/shop.example.com/,
  ],
  [
    { SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', SHOP_ORIGIN: 'http://shop.example.com' },
    /SHOP_ORIGIN "http:\/\/shop.example.com" is not an origin/,
  ],
  [
    {
      SHOPIFY_STORE_DOMAIN: 'a.myshopify.com',
      SHOPIFY_STOREFRONT_TOKEN: 't',
      SHOP_ORIGIN: 'https://shop.example.com/shop',
    },
    /SHOP_ORIGIN "https:\/\/shop.example.com\/shop" is not an origin/,
  ],
]

// Named by the message, not by the object (%j): a long name is cut, and StrykerJS picks the
// tests to run for a mutant by their names.
test.each(badEnvironments.map(([vars, message]) => [message.source, vars, message] as const))(
  'a bad environment names the setting: %s',
  (_, vars, message) => {
    expect(() => readConfig(env(vars))).toThrow(ConfigError)
    expect(() => readConfig(env(vars))).toThrow(message)
  },
)

test('the checkout may go to the store domain and to each CHECKOUT_DOMAIN host', () => {
  const config = readConfig(
    env({
      SHOPIFY_STORE_DOMAIN: 'a.myshopify.com',
      SHOPIFY_STOREFRONT_PRIVATE_TOKEN: 'p',
      REQUIRE_PRIVATE_TOKEN: 'true',
      CHECKOUT_DOMAIN: 'checkout.squaresnuggles.example, https://pay.example/',
    }),
  )
  expect(config.checkoutOrigins).toEqual([
    'https://a.myshopify.com',
    'https://checkout.squaresnuggles.example',
    'https://pay.example',
  ])
})

test('a shop domain is trimmed of https:// and slashes; anything but a host name is refused', () => {
  const origin = (domain: string) =>
    readConfig(env({ SHOPIFY_STORE_DOMAIN: domain, SHOPIFY_STOREFRONT_TOKEN: 't' })).storefront.origin
  expect(origin('  https://blanket.myshopify.com//  ')).toBe('https://blanket.myshopify.com')
  expect(origin('shop.example.co.uk')).toBe('https://shop.example.co.uk')
  for (const bad of [
    'blanket',
    'x.myshopify.com/admin',
    'evil.example/../x',
    'a b.example',
    'xhttps://blanket.myshopify.com',
  ]) {
    expect(() => origin(bad)).toThrow(`SHOPIFY_STORE_DOMAIN "${bad}" is not a shop domain`)
  }
})

test('CHECKOUT_DOMAIN hosts: ports kept, loopback over http, each bad host named', () => {
  const origins = (hosts: string) =>
    readConfig(env({ SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', CHECKOUT_DOMAIN: hosts }))
      .checkoutOrigins
  expect(origins('pay.example:8443,, 127.0.0.1:8788 ')).toEqual([
    'https://a.myshopify.com',
    'https://pay.example:8443',
    'http://127.0.0.1:8788',
  ])
  // Loopback by name too (a local double), and trailing slashes however many.
  expect(origins('localhost:8788, https://pay.example//')).toEqual([
    'https://a.myshopify.com',
    'http://localhost:8788',
    'https://pay.example',
  ])
  expect(origins('')).toEqual(['https://a.myshopify.com'])
  expect(() => origins('pay.example:port')).toThrow('CHECKOUT_DOMAIN "pay.example:port" is not a host name')
  expect(() => origins('ok.example, /x')).toThrow('CHECKOUT_DOMAIN "/x" is not a host name')
})

test('the webhook: no secret is off; the refetch delay may be 25 s, the refresh interval 24 s, but no more; an edit is followed 10 min', () => {
  const webhook = (vars: Partial<Bindings>) =>
    readConfig(env({ SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', ...vars })).webhook
  const defaults = { refetchDelayMs: 10_000, refreshIntervalMs: 24_000, followMs: 600_000 }
  expect(webhook({})).toEqual({ secret: null, ...defaults })
  expect(webhook({ SHOPIFY_WEBHOOK_SECRET: ' ' })).toEqual({ secret: null, ...defaults })
  expect(
    webhook({
      SHOPIFY_WEBHOOK_SECRET: 'whsec',
      WEBHOOK_REFETCH_DELAY_MS: '25000',
      WEBHOOK_REFRESH_INTERVAL_MS: '2000',
      WEBHOOK_FOLLOW_SECONDS: '60',
    }),
  ).toEqual({ secret: 'whsec', refetchDelayMs: 25_000, refreshIntervalMs: 2_000, followMs: 60_000 })
  expect(() => webhook({ WEBHOOK_FOLLOW_SECONDS: '0' })).toThrow('WEBHOOK_FOLLOW_SECONDS must be above 0')
  expect(() => webhook({ WEBHOOK_REFETCH_DELAY_MS: '25001' })).toThrow('WEBHOOK_REFETCH_DELAY_MS must be at most 25000')
  expect(() => webhook({ WEBHOOK_REFRESH_INTERVAL_MS: '24001' })).toThrow(
    'WEBHOOK_REFRESH_INTERVAL_MS must be at most 24000',
  )
})

test('page lifetimes and the log sample rate come from their settings', () => {
  const config = readConfig(
    env({
      SHOPIFY_STORE_DOMAIN: 'a.myshopify.com',
      SHOPIFY_STOREFRONT_TOKEN: 't',
      HTML_CACHE_SECONDS: '10',
      HTML_CACHE_SWR_SECONDS: '20',
      HTML_CACHE_STALE_IF_ERROR_SECONDS: '30',
      LOG_SAMPLE_RATE: '0.05',
    }),
  )
  expect(config.pageCache).toEqual({ freshSeconds: 10, staleWhileRevalidateSeconds: 20, staleIfErrorSeconds: 30 })
  expect(config.logSampleRate).toBe(0.05)
})

test('configOrNull is null for a bad environment; every problem is named in one error', () => {
  expect(configOrNull(env({}))).toBeNull()
  expect(() => readConfig(env({ SHOP_ORIGIN: '' }))).toThrow(
    /^Invalid Worker configuration: SHOP_ORIGIN is not set; SHOPIFY_STORE_DOMAIN is not set/,
  )
})

test('plain http only for loopback itself, not a host that starts or ends like it', () => {
  for (const bad of [
    'http://127.0.0.1.evil.example',
    'xhttp://127.0.0.1:8788',
    'http://localhost:80x',
    'http://127.0.0.1:8788/',
  ]) {
    expect(() => readConfig(env({ SHOPIFY_STORE_DOMAIN: bad, SHOPIFY_STOREFRONT_TOKEN: 't' }))).toThrow(
      /SHOPIFY_STORE_DOMAIN/,
    )
  }
  expect(
    readConfig(env({ SHOPIFY_STORE_DOMAIN: 'http://localhost:8788', SHOPIFY_STOREFRONT_TOKEN: 't' })).storefront.origin,
  ).toBe('http://localhost:8788')
  expect(
    readConfig(env({ SHOPIFY_STORE_DOMAIN: 'http://localhost', SHOPIFY_STOREFRONT_TOKEN: 't' })).storefront.origin,
  ).toBe('http://localhost')
})

// A token or secret pasted into `wrangler secret put` often ends in a newline; sent as it is,
// Shopify refuses every call (401) and every webhook signature fails.
test('tokens and the webhook secret are used without the spaces and newline they were pasted with', () => {
  const config = (vars: Partial<Bindings>) => readConfig(env({ SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', ...vars }))
  expect(config({ SHOPIFY_STOREFRONT_TOKEN: ' pub\n' }).storefront.token).toEqual({ kind: 'public', value: 'pub' })
  expect(config({ SHOPIFY_STOREFRONT_PRIVATE_TOKEN: '\tpriv \n' }).storefront.token).toEqual({
    kind: 'private',
    value: 'priv',
  })
  expect(config({ SHOPIFY_STOREFRONT_TOKEN: 't', SHOPIFY_WEBHOOK_SECRET: 'whsec\n' }).webhook.secret).toBe('whsec')
  // Only spaces is no token at all.
  expect(() => config({ SHOPIFY_STOREFRONT_TOKEN: '  ' })).toThrow(
    'SHOPIFY_STOREFRONT_TOKEN is not set (nor SHOPIFY_STOREFRONT_PRIVATE_TOKEN): the Storefront API needs a token',
  )
})

test('what prices include: country codes, in any case and spacing; a code Shopify does not know is named', () => {
  const prices = (vars: Record<string, string>) =>
    readConfig(env({ SHOPIFY_STORE_DOMAIN: 'a.myshopify.com', SHOPIFY_STOREFRONT_TOKEN: 't', ...vars })).prices
  expect(prices({})).toEqual({ taxIncludedIn: ['AU', 'CH', 'DE', 'FR', 'GB', 'IE', 'NL'], dutiesIncludedIn: [] })
  expect(prices({ PRICES_INCLUDE_TAX: ' de, fr ,', PRICES_INCLUDE_DUTIES: 'GB' })).toEqual({
    taxIncludedIn: ['DE', 'FR'],
    dutiesIncludedIn: ['GB'],
  })
  expect(prices({ PRICES_INCLUDE_TAX: '' }).taxIncludedIn).toEqual([])
  expect(() => prices({ PRICES_INCLUDE_TAX: 'DE,EU' })).toThrow(
    /PRICES_INCLUDE_TAX "EU" is not a country code Shopify knows/,
  )
})
