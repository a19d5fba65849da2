import { createMiddleware } from 'hono/factory'
import type { AppEnv } from '../app-env.ts'
import { withinLimit } from '../rate-limit.ts'

/**
 * A route's limit per client: over it, a 429 with `Retry-After` (the bindings count per
 * minute) and what was refused, in the JSON shape every other refusal has.
 */
export function limitPerClient(
  binding: 'CHECKOUT_RATE_LIMITER' | 'PERMALINK_RATE_LIMITER' | 'EVENTS_RATE_LIMITER' | 'STOREFRONT_RATE_LIMITER',
  refused: string,
) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (await withinLimit(c.env[binding], c.req.header('CF-Connecting-IP'))) return next()
    c.header('Retry-After', '60')
    return c.json({ error: refused }, 429)
  })
}
