import { z } from 'zod'
import { COUNTRY_CODES } from './storefront/country-codes.ts'
import { MAX_REFETCH_DELAY_MS, MAX_REFRESH_INTERVAL_MS } from './wait-until.ts'

/**
 * What the Worker is given. `Env` is what wrangler.toml declares, its bindings and the vars
 * some environment sets, written by `npm run types` (worker-configuration.d.ts); any setting
 * below may also come, as a string, from `.dev.vars` or `wrangler secret put`.
 */
export type Bindings = Env & { [Name in Setting]?: string }
export type Setting = keyof typeof settings.shape

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/

/**
 * A bare myshopify/custom domain means https. A plain-http origin is accepted only on
 * loopback, which is where the local Storefront double listens during development.
 */
const storeDomainSchema = z
  .string({ error: 'is not set' })
  .trim()
  .min(1, 'is not set')
  .transform((value, ctx) => {
    if (LOOPBACK.test(value)) return value
    const host = value.replace(/^https:\/\//, '').replace(/\/+$/, '')
    if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host)) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not a shop domain` })
      return z.NEVER
    }
    return `https://${host}`
  })

/**
 * Where shoppers reach the shop, as one origin: canonical links, Open Graph, JSON-LD and the
 * sitemap are built from it, never from the request, because a page Workers Cache keeps is
 * served to every host name the Worker answers (its key has no host). https, or plain http
 * on loopback for `npm start`.
 */
const shopOriginSchema = z
  .string({ error: 'is not set' })
  .trim()
  .min(1, 'is not set')
  .transform((value, ctx) => {
    const url = URL.parse(value)
    const secure = url?.protocol === 'https:' || (url?.protocol === 'http:' && LOOPBACK.test(url.origin))
    if (!url || !secure || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: `"${value}" is not an origin like https://shop.example.com` })
      return z.NEVER
    }
    return url.origin
  })

/** Bare host names, comma-separated; each becomes an https origin. */
const checkoutHosts = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx) =>
    value
      .split(',')
      .map((host) =>
        host
          .trim()
          .replace(/^https:\/\//, '')
          .replace(/\/+$/, ''),
      )
      .filter(Boolean)
      .flatMap((host) => {
        if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?$/i.test(host) || LOOPBACK.test(`http://${host}`)) return [host]
        ctx.addIssue({ code: 'custom', message: `"${host}" is not a host name` })
        return []
      }),
  )

/** Country codes, comma-separated ("DE, FR"): each one Shopify knows. */
const countryList = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .transform((value, ctx) =>
      value
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean)
        .flatMap((code) => {
          if (COUNTRY_CODES.has(code)) return [code]
          ctx.addIssue({ code: 'custom', message: `"${code}" is not a country code Shopify knows` })
          return []
        }),
    )

const seconds = (fallback: number) => z.coerce.number().int().min(0).max(31_536_000).default(fallback)
const millis = (fallback: number) => z.coerce.number().int().min(0).max(60_000).default(fallback)

/** Every setting the Worker reads, with its default: docs/deploying.md's "Settings" table lists each. */
const settings = z.object({
  SHOP_ORIGIN: shopOriginSchema,
  SHOPIFY_STORE_DOMAIN: storeDomainSchema,
  SHOPIFY_STOREFRONT_TOKEN: z.string().trim().optional(),
  SHOPIFY_STOREFRONT_PRIVATE_TOKEN: z.string().trim().optional(),
  PRODUCT_CACHE_FRESH_SECONDS: seconds(60),
  PRODUCT_CACHE_SWR_SECONDS: seconds(600),
  PRODUCT_CACHE_STALE_IF_ERROR_SECONDS: seconds(86_400),
  PRODUCT_NOT_FOUND_CACHE_SECONDS: seconds(30),
  RENDER_DEADLINE_MS: millis(150),
  HTML_CACHE_SECONDS: seconds(60),
  HTML_CACHE_SWR_SECONDS: seconds(600),
  HTML_CACHE_STALE_IF_ERROR_SECONDS: seconds(86_400),
  SHOPIFY_WEBHOOK_SECRET: z.string().trim().optional(),
  // The product store's alarm asks Shopify again this long after an edit it does not show:
  // kept short enough that an edit a few seconds late is on the pages within 30 s.
  WEBHOOK_REFETCH_DELAY_MS: millis(10_000).refine(
    (ms) => ms <= MAX_REFETCH_DELAY_MS,
    `must be at most ${MAX_REFETCH_DELAY_MS} (an edit a few seconds late is on the pages within 30 s)`,
  ),
  // One product's webhook refreshes start at most this often. Each uses up to two purges (at
  // once, and after the refetch delay), and Cloudflare's free plan refills 5 purges a minute
  // per account ("Purge cache": free 5 a minute, bucket 25; Pro 5 a second): 2 x 12 s = 24 s
  // keeps a merchant's bulk edit within the free plan for as long as it lasts. A waiting
  // delivery runs under waitUntil (src/wait-until.ts), hence the cap.
  WEBHOOK_REFRESH_INTERVAL_MS: millis(24_000).refine(
    (ms) => ms <= MAX_REFRESH_INTERVAL_MS,
    `must be at most ${MAX_REFRESH_INTERVAL_MS} (a waiting delivery runs under waitUntil, which ends 30 s after the answer)`,
  ),
  // How long the product store's alarm follows an edit Shopify does not show yet before it
  // gives up and tells the owner (src/product/product-edit.ts).
  WEBHOOK_FOLLOW_SECONDS: seconds(600).refine((s) => s > 0, 'must be above 0'),
  REQUIRE_PRIVATE_TOKEN: z.enum(['true', 'false', '']).default(''),
  CHECKOUT_DOMAIN: checkoutHosts,
  LOG_SAMPLE_RATE: z.coerce.number().min(0).max(1).default(1),
  // Where the owner is told that the checkout broke and recovered (src/monitoring/): a Slack,
  // Discord or Teams incoming webhook. A secret: its address is its key.
  ALERT_WEBHOOK_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).optional(),
  STOREFRONT_TIMEOUT_MS: millis(5_000).refine((ms) => ms > 0, 'must be above 0'),
  // What each market's prices include, as Shopify's market settings say (`priceInclusions`): the
  // pages' tax words ('incl. VAT', '+ sales tax at checkout') and the structured data's
  // valueAddedTaxIncluded read them; the scheduled check compares them with Shopify's
  // (src/monitoring/price-inclusions.ts). A country of no market takes the primary market's.
  PRICES_INCLUDE_TAX: countryList('AU,CH,DE,FR,GB,IE,NL'),
  PRICES_INCLUDE_DUTIES: countryList(''),
  // An Admin API token with read_markets alone, for that comparison. A secret.
  SHOPIFY_ADMIN_TOKEN: z.string().trim().optional(),
  // How long the edge keeps the store's UCP profile (src/routes/ucp.ts), as Hydrogen does.
  UCP_PROFILE_CACHE_SECONDS: seconds(60).refine((s) => s > 0, 'must be above 0'),
})

export const SETTINGS = Object.keys(settings.shape) as Setting[]

const configSchema = settings
  .refine((env) => env.SHOPIFY_STOREFRONT_TOKEN || env.SHOPIFY_STOREFRONT_PRIVATE_TOKEN, {
    message: 'is not set (nor SHOPIFY_STOREFRONT_PRIVATE_TOKEN): the Storefront API needs a token',
    path: ['SHOPIFY_STOREFRONT_TOKEN'],
  })
  // With the private token Shopify is told each buyer's IP, so its bot protection and rate
  // limits count shoppers, not the few Cloudflare addresses every request comes from.
  .refine((env) => env.REQUIRE_PRIVATE_TOKEN !== 'true' || env.SHOPIFY_STOREFRONT_PRIVATE_TOKEN, {
    message:
      'is not set, and REQUIRE_PRIVATE_TOKEN is "true": run `wrangler secret put SHOPIFY_STOREFRONT_PRIVATE_TOKEN --env production`',
    path: ['SHOPIFY_STOREFRONT_PRIVATE_TOKEN'],
  })
  .transform((env) => ({
    shopOrigin: env.SHOP_ORIGIN,
    storefront: {
      origin: env.SHOPIFY_STORE_DOMAIN,
      token: env.SHOPIFY_STOREFRONT_PRIVATE_TOKEN
        ? ({ kind: 'private', value: env.SHOPIFY_STOREFRONT_PRIVATE_TOKEN } as const)
        : ({ kind: 'public', value: env.SHOPIFY_STOREFRONT_TOKEN! } as const),
      timeoutMs: env.STOREFRONT_TIMEOUT_MS,
    },
    productCache: {
      freshSeconds: env.PRODUCT_CACHE_FRESH_SECONDS,
      staleWhileRevalidateSeconds: env.PRODUCT_CACHE_SWR_SECONDS,
      staleIfErrorSeconds: env.PRODUCT_CACHE_STALE_IF_ERROR_SECONDS,
      notFoundSeconds: env.PRODUCT_NOT_FOUND_CACHE_SECONDS,
    },
    renderDeadlineMs: env.RENDER_DEADLINE_MS,
    pageCache: {
      freshSeconds: env.HTML_CACHE_SECONDS,
      staleWhileRevalidateSeconds: env.HTML_CACHE_SWR_SECONDS,
      staleIfErrorSeconds: env.HTML_CACHE_STALE_IF_ERROR_SECONDS,
    },
    webhook: {
      secret: env.SHOPIFY_WEBHOOK_SECRET || null,
      refetchDelayMs: env.WEBHOOK_REFETCH_DELAY_MS,
      refreshIntervalMs: env.WEBHOOK_REFRESH_INTERVAL_MS,
      followMs: env.WEBHOOK_FOLLOW_SECONDS * 1000,
    },
    /** Origins a checkout form may be sent on to (CSP form-action follows the 303). */
    checkoutOrigins: [
      env.SHOPIFY_STORE_DOMAIN,
      ...env.CHECKOUT_DOMAIN.map((host) => (LOOPBACK.test(`http://${host}`) ? `http://${host}` : `https://${host}`)),
    ],
    prices: { taxIncludedIn: env.PRICES_INCLUDE_TAX, dutiesIncludedIn: env.PRICES_INCLUDE_DUTIES },
    adminToken: env.SHOPIFY_ADMIN_TOKEN || null,
    ucpProfileCacheSeconds: env.UCP_PROFILE_CACHE_SECONDS,
    logSampleRate: env.LOG_SAMPLE_RATE,
    alertWebhookUrl: env.ALERT_WEBHOOK_URL || null,
  }))

export type Config = z.output<typeof configSchema>
export type StorefrontConfig = Config['storefront']
/** Where prices include tax and duties, by country (Shopify's market settings, as the operator set them here). */
export type PriceInclusions = Config['prices']

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const parsed = new WeakMap<object, Config>()

/**
 * The configuration, or null when it is invalid: for the parts of a response that must go
 * out even then (headers, the log line), since a misconfigured Worker answers its error page.
 */
export function configOrNull(env: Bindings): Config | null {
  try {
    return readConfig(env)
  } catch {
    return null
  }
}

/** Parses the environment once per isolate; a bad setting is named in the error. */
export function readConfig(env: Bindings): Config {
  const cached = parsed.get(env)
  if (cached) return cached
  const result = configSchema.safeParse(env)
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')
    throw new ConfigError(`Invalid Worker configuration: ${problems}`)
  }
  parsed.set(env, result.data)
  return result.data
}
