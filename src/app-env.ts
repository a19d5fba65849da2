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
    /** The page was rendered whole (nothing left to stream), so it may be cached. */
    htmlComplete?: boolean
  } }
