import type { RequestIdVariables } from 'hono/request-id'
import type { SecureHeadersVariables } from 'hono/secure-headers'
import type { Bindings } from './config'

/** Hono's view of the Worker: its bindings and per-request variables. */
export type AppEnv = { Bindings: Bindings; Variables: RequestIdVariables &
    SecureHeadersVariables & {
    /** The product cache's outcome, when the page waited for the product. */
    cache?: string
    /** Milliseconds spent waiting for Shopify in this request, when it asked. */
    upstreamMs?: number
    /** The page was rendered whole, with its product, so a cache may keep it. */
    htmlComplete?: boolean
    /** Set on every rendered page: what a purge names it by (src/render/page-cache.ts). */
    cacheTags?: string[]
    /** A Shopify lookup was refused by the rate limit; the page says when to come back. */
    retryAfterSeconds?: number
  } }
