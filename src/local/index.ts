/**
 * The local Worker: the shop behind the Workers Cache stand-in, writing its field
 * analytics to the Analytics Engine stand-in, for a shopper in LOCAL_SHOPPER_COUNTRY when set. wrangler.toml's top level builds this for
 * `npm start`, `npm run build` and the tests; `--env staging` and `--env production` build
 * src/index.ts, which Cloudflare's own cache and Analytics Engine serve.
 */
import shop from '../index.ts'
import { withLocalAnalytics } from './analytics.ts'
import { withLocalWorkersCache } from './workers-cache.ts'
import { withLocalShopperCountry } from './shopper-country.ts'

export { CheckoutHealth } from '../monitoring/checkout-health.ts'
export { ProductStore } from '../product/product-store.ts'
export { OrderLedger } from '../orders/order-ledger.ts'

const local = withLocalAnalytics({ ...withLocalWorkersCache(shop), scheduled: shop.scheduled })
export default { ...local, fetch: withLocalShopperCountry(local).fetch }
