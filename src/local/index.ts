/**
 * The local Worker: the shop behind the Workers Cache stand-in, writing its field
 * analytics to the Analytics Engine stand-in, for a shopper in LOCAL_SHOPPER_COUNTRY when set. wrangler.toml's top level builds this for
 * `npm start`, `npm run build` and the tests; `--env staging` and `--env production` build
 * src/index.ts, which Cloudflare's own cache and Analytics Engine serve.
 */
import shop from '../index'
import { withLocalAnalytics } from './analytics'
import { withLocalWorkersCache } from './workers-cache'
import { withLocalShopperCountry } from './shopper-country'

export { CheckoutHealth } from '../monitoring/checkout-health'
export { ProductStore } from '../product/product-store'

const local = withLocalAnalytics({ ...withLocalWorkersCache(shop), scheduled: shop.scheduled })
export default { ...local, fetch: withLocalShopperCountry(local).fetch }
