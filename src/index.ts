import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import type { AppEnv } from './app-env.ts'
import { log, requestLog } from './log.ts'
import { timing } from 'hono/timing'
import { pageRenderer } from './render/page-renderer.tsx'
import { securityHeaders } from './security-headers.ts'
import { canonicalPages } from './canonical-pages.ts'
import { cartStatus } from './routes/cart-status.ts'
import { checkout } from './routes/checkout.ts'
import { events } from './routes/events.ts'
import { pages, renderError, renderNotFound } from './routes/page-routes.tsx'
import { webhooks } from './routes/webhooks.ts'
import { productPurge } from './routes/product-purge.ts'
import { doors } from './routes/doors.ts'
import { productMarkdown } from './routes/product-markdown.ts'
import { speculationRules, SPECULATION_RULES_PATH } from './routes/speculation-rules.ts'
import { market } from './routes/market.ts'
import { ucpMcp, ucpProfile } from './routes/ucp.ts'
import { UCP_MCP_PATH, UCP_PATH } from './routes/ucp-proxy.ts'
import { MARKET_PATH } from '../client/model/market.ts'
import { runScheduledCheck } from './monitoring/scheduled-check.ts'
import type { Bindings } from './config.ts'

export { CheckoutHealth } from './monitoring/checkout-health.ts'
export { ProductStore } from './product/product-store.ts'
export { OrderLedger } from './orders/order-ledger.ts'

const app = new Hono<AppEnv>()

// Cloudflare's ray id names the request in Cloudflare's own logs too. The id goes out as
// X-Request-Id on every answer no cache shares, never on one a cache keeps: a page by its
// cache policy (render/render-page.tsx, `settle`), any other answer by its `public`.
app.use(requestId({ headerName: '', generator: (c) => c.req.header('CF-Ray') ?? crypto.randomUUID() }))
app.use(async (c, next) => {
  await next()
  const shared = c.get('page')?.policy.shared || /\bpublic\b/.test(c.res.headers.get('Cache-Control') ?? '')
  if (!shared) c.res.headers.set('X-Request-Id', c.get('requestId'))
})
// Server-Timing: what a page's product cost, or a checkout's call to Shopify; only metrics
// that were set, so a shared page (which sets none) gets no header.
app.use(timing({ total: false, enabled: (c) => c.get('metric')!.headers.length > 0 }))
app.use(securityHeaders)
app.use(requestLog)
app.use(canonicalPages)
app.use(pageRenderer)

app.route(SPECULATION_RULES_PATH, speculationRules)
app.route(MARKET_PATH, market)
app.route(UCP_PATH, ucpProfile)
app.route(UCP_MCP_PATH, ucpMcp)
app.route('/checkout', checkout)
// Shopify's own URLs onto the shop's domain (/products/…, /cart, cart permalinks, /discount/…).
app.route('/', doors)
app.route('/', productMarkdown)
app.route('/cart', cartStatus)
app.route('/events', events)
app.route('/webhooks', webhooks)
app.route('/', productPurge)
app.route('/', pages)

app.notFound(renderNotFound)

app.onError(async (error, c) => {
  log(c, 'error', 'unhandled error', { error })
  try {
    return await renderError(c)
  } catch (renderFailure) {
    log(c, 'error', 'error page failed to render', { error: renderFailure })
    return c.text('Unexpected Application Error!', 500)
  }
})

export default {
  fetch: app.fetch,
  // The Cron Trigger: is the checkout working? (src/monitoring/)
  scheduled: (controller, env) => runScheduledCheck(controller, env),
} satisfies ExportedHandler<Bindings>
