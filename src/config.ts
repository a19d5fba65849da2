import { z } from 'zod'

/** What wrangler.toml `[vars]`, `.dev.vars` and `wrangler secret put` give the Worker. */
export type Bindings = {
  ASSETS: Fetcher
  /** [[ratelimits]] in wrangler.toml: checkout attempts per shopper IP. */
  CHECKOUT_RATE_LIMITER?: RateLimit
  SHOPIFY_STORE_DOMAIN?: string
  SHOPIFY_STOREFRONT_TOKEN?: string
  SHOPIFY_STOREFRONT_PRIVATE_TOKEN?: string
  PRODUCT_CACHE_FRESH_SECONDS?: string
  PRODUCT_CACHE_SWR_SECONDS?: string
  PRODUCT_CACHE_STALE_IF_ERROR_SECONDS?: string
  PRODUCT_NOT_FOUND_CACHE_SECONDS?: string
  RENDER_DEADLINE_MS?: string
  HTML_CACHE_SECONDS?: string
  /** Secret of the Shopify app that sends products/update webhooks. */
  SHOPIFY_WEBHOOK_SECRET?: string
  WEBHOOK_REFETCH_DELAY_MS?: string
  STOREFRONT_TIMEOUT_MS?: string
}

const LOOPBACK = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/

/**
 * A bare myshopify/custom domain means https. A plain-http origin is accepted only on
 * loopback, which is where the local Storefront double listens during development.
 */
const storeOrigin = z
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

const seconds = (fallback: number) => z.coerce.number().int().min(0).max(31_536_000).default(fallback)
const millis = (fallback: number) => z.coerce.number().int().min(0).max(60_000).default(fallback)

const configSchema = z
  .object({
    SHOPIFY_STORE_DOMAIN: storeOrigin,
    SHOPIFY_STOREFRONT_TOKEN: z.string().trim().optional(),
    SHOPIFY_STOREFRONT_PRIVATE_TOKEN: z.string().trim().optional(),
    PRODUCT_CACHE_FRESH_SECONDS: seconds(60),
    PRODUCT_CACHE_SWR_SECONDS: seconds(600),
    PRODUCT_CACHE_STALE_IF_ERROR_SECONDS: seconds(86_400),
    PRODUCT_NOT_FOUND_CACHE_SECONDS: seconds(30),
    RENDER_DEADLINE_MS: millis(150),
    HTML_CACHE_SECONDS: seconds(60),
    SHOPIFY_WEBHOOK_SECRET: z.string().trim().optional(),
    WEBHOOK_REFETCH_DELAY_MS: millis(10_000),
    STOREFRONT_TIMEOUT_MS: millis(5_000).refine((ms) => ms > 0, 'must be above 0'),
  })
  .refine((env) => env.SHOPIFY_STOREFRONT_TOKEN || env.SHOPIFY_STOREFRONT_PRIVATE_TOKEN, {
    message: 'is not set (nor SHOPIFY_STOREFRONT_PRIVATE_TOKEN): the Storefront API needs a token',
    path: ['SHOPIFY_STOREFRONT_TOKEN'],
  })
  .transform((env) => ({
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
    htmlCacheSeconds: env.HTML_CACHE_SECONDS,
    webhook: { secret: env.SHOPIFY_WEBHOOK_SECRET || null, refetchDelayMs: env.WEBHOOK_REFETCH_DELAY_MS },
  }))

export type Config = z.output<typeof configSchema>
export type StorefrontConfig = Config['storefront']

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const parsed = new WeakMap<object, Config>()

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
