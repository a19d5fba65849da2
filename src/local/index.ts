/**
 * The local Worker: the shop behind the Workers Cache stand-in. wrangler.toml's top level
 * builds this for `npm start`, `npm run build` and the tests; `--env staging` and
 * `--env production` build src/index.ts, which Cloudflare's own cache fronts.
 */
import shop from '../index'
import { withLocalWorkersCache } from './workers-cache'

export { ProductStore } from '../storefront/product-store'

export default withLocalWorkersCache(shop)
