/**
 * The local Worker: the shop behind the Workers Cache stand-in, writing its field
 * analytics to the Analytics Engine stand-in. wrangler.toml's top level builds this for
 * `npm start`, `npm run build` and the tests; `--env staging` and `--env production` build
 * src/index.ts, which Cloudflare's own cache and Analytics Engine serve.
 */
import shop from '../index'
import { withLocalAnalytics } from './analytics'
import { withLocalWorkersCache } from './workers-cache'

export { CheckoutHealth } from '../monitoring/checkout-health'
export { ProductStore } from '../storefront/product-store'

export default withLocalAnalytics({ ...withLocalWorkersCache(shop), scheduled: shop.scheduled })
