import { Hono } from 'hono'
import { requestId } from 'hono/request-id'
import type { AppEnv } from './app-env'
import { log, requestLog } from './log'
import { pageCacheHeaders } from './render/page-cache'
import { pageRenderer } from './render/page-renderer'
import { securityHeaders } from './security-headers'
import { cartStatus } from './routes/cart-status'
import { checkout } from './routes/checkout'
import { pages, renderError, renderNotFound } from './routes/pages'
import { webhooks } from './routes/webhooks'

export { ProductStore } from './storefront/product-store'

const app = new Hono<AppEnv>()

// Outermost, so its word on what caches may keep is the last (render/page-cache.ts).
app.use(pageCacheHeaders)
// Cloudflare's ray id names the request in Cloudflare's own logs too.
app.use(requestId({ generator: (c) => c.req.header('CF-Ray') ?? crypto.randomUUID() }))
app.use(securityHeaders)
app.use(requestLog)
app.use(pageRenderer)

app.route('/checkout', checkout)
app.route('/cart', cartStatus)
app.route('/webhooks', webhooks)
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

export default app
