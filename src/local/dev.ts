/**
 * The Worker `npm run dev` runs: the shop (without the Workers Cache stand-in, so every
 * edit shows on the next request) under Vite's dev server (vite.dev.config.ts), which
 * serves the app's source with hot reload. Each page is changed on its way out:
 *
 * - the starter imports only Vite's client and the entry, which installs React Refresh
 *   before any component module runs (client/browser/entry.tsx);
 * - the stylesheet comes from the entry's CSS imports, as Vite injects them, not inlined;
 * - the CSP allows what Vite's dev client needs (inline styles, its WebSocket).
 *
 * Never deployed: production and staging build src/index.ts.
 */
import shop from '../index.ts'
import { withLocalAnalytics } from './analytics.ts'
import { withLocalShopperCountry } from './shopper-country.ts'

export { CheckoutHealth } from '../monitoring/checkout-health.ts'
export { ProductStore } from '../product/product-store.ts'
export { OrderLedger } from '../orders/order-ledger.ts'

// The field analytics go to the same stand-in as under `npm start`, and SHOPPER_COUNTRY holds as there.
const analysed = withLocalAnalytics(shop)
const local = { ...analysed, fetch: withLocalShopperCountry(analysed as never).fetch }

const DEV_MODULES = JSON.stringify(['/@vite/client', '/client/browser/entry.tsx'])
const DEV_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data: http: https:; connect-src 'self' ws: wss:; form-action 'self' http: https:; frame-ancestors 'none'"

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext) {
    const assets = env.ASSETS
    const devEnv = {
      ...env,
      // The inlined stylesheet (src/render/assets.ts) is the built one; in dev, Vite injects the source's.
      ASSETS: {
        fetch: (input: RequestInfo | URL, init?: RequestInit) =>
          /\.css$/.test(new URL(input instanceof Request ? input.url : input, 'http://x').pathname)
            ? new Response('')
            : assets.fetch(input, init),
      },
    }
    const response = await local.fetch(request, devEnv as never, ctx)
    if (!response.headers.get('Content-Type')?.includes('text/html')) return response
    const headers = new Headers(response.headers)
    headers.set('Content-Security-Policy', DEV_CSP)
    return new HTMLRewriter()
      .on('script[data-modules]', { element: (script) => void script.setAttribute('data-modules', DEV_MODULES) })
      .transform(new Response(response.body, { status: response.status, headers }))
  },
  scheduled: (controller, env, ctx) => local.scheduled(controller, env as never, ctx),
} satisfies ExportedHandler<Env>

type Env = Record<string, unknown> & { ASSETS: Fetcher }
