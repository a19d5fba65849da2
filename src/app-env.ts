import type { RequestIdVariables } from 'hono/request-id'
import type { TimingVariables } from 'hono/timing'
import type { Bindings } from './config.ts'
import type { CachePolicy, PageOutcome } from './render/cache-policy.ts'
import type { CacheOutcome } from './product/kept-answer.ts'

/** What rendering a page produced (render-page.tsx), for the request log and the headers. */
export type RenderedPage = PageOutcome & {
  policy: CachePolicy
  /** Where the product came from, when the page waited for it. */
  cache?: CacheOutcome
  /** Milliseconds spent waiting for Shopify, when it was asked. */
  upstreamMs?: number
}

/** A Shopify webhook's delivery once its signature is checked (routes/webhooks.ts): its id and raw body. */
export type Delivery = { id: string; body: ArrayBuffer }

/** Hono's view of the Worker: its bindings, and the values a request carries besides its id. */
export type AppEnv = {
  Bindings: Bindings
  Variables: RequestIdVariables & TimingVariables & { page?: RenderedPage; delivery?: Delivery }
}
