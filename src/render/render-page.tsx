import type { Context } from 'hono'
import { setMetric } from 'hono/timing'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isbot } from 'isbot'
import { App } from '../../client/App.tsx'
import { MarketsContext } from '../../client/markets-context.ts'
import { marketsInWords } from '../market.ts'
import { preloadSections } from '../../client/lib/deferred-section.tsx'
import { loadPage, type PageData } from '../../client/pages/pages.ts'
import { fulfilled, settling, type Thenable } from '../../client/lib/thenable.ts'
import type { ProductResult } from '../../client/model/product-result.ts'
import type { AppEnv, RenderedPage } from '../app-env.ts'
import { configOrNull } from '../config.ts'
import { contentSecurityPolicy, newNonce } from '../security-headers.ts'
import { SPECULATION_RULES_PATH } from '../routes/speculation-rules.ts'
import type { CacheOutcome } from '../product/read-product.ts'
import type { ShopMarkets } from '../storefront/product.ts'
import { clientAssets, inlineStyles } from './assets.ts'
import { pageCachePolicy } from './cache-policy.ts'
import type { Head } from './document.tsx'

/** A page's product as the page's loader found it, with how it was found. */
export type ProductLookup = {
  result: ProductResult
  /** Where the shop sells, asked with the product (for the structured data; never sent to the browser). */
  markets?: ShopMarkets
  cache?: CacheOutcome
  upstreamMs?: number
  /** The lookup was refused by the rate limit: come back after this many seconds. */
  retryAfterSeconds?: number
}

export type PageRender = {
  page: PageData
  /** Head tags; a function when they depend on the product (its title, say) or where the shop sells. */
  head: Head | ((product: ProductResult | null, markets: ShopMarkets | null) => Head)
  status?: number
  /** The page's product, still loading or known. */
  product?: Thenable<ProductLookup>
  /** The status once the product is known (e.g. 404 for a handle the shop lacks). */
  statusFor?: (lookup: ProductLookup) => number
  /** How long to hold the headers for the product before streaming the skeleton. */
  deadlineMs?: number
  /** What a purge names this page by, besides 'pages' (cache-policy.ts). */
  cacheTags?: string[]
  /** False for a page written for one shopper's country at an address every country shares: no cache keeps it. */
  shared?: boolean
}

/**
 * Streams a page. A product that arrives within the deadline (a cache hit, a fast
 * Shopify) is rendered in place with its true status; a slower one streams the shell and
 * skeleton first and fills in when it lands. Crawlers always get the finished document.
 */
export async function renderPage(c: Context<AppEnv>, render: PageRender): Promise<Response> {
  const { product } = render
  if (product) {
    if (isbot(c.req.header('User-Agent') ?? '')) await product
    else await settledWithin(product, render.deadlineMs ?? 0)
  }
  // Known only when the product settled before the headers go out.
  const lookup = product?.status === 'fulfilled' ? product.value : null
  const status = lookup && render.statusFor ? render.statusFor(lookup) : (render.status ?? 200)
  const head =
    typeof render.head === 'function' ? render.head(lookup?.result ?? null, lookup?.markets ?? null) : render.head

  const rendered = settle(c, {
    status,
    complete: !product || lookup?.result.status === 'found',
    perShopper: render.shared === false,
    tags: render.cacheTags ?? [],
    cache: lookup?.cache,
    upstreamMs: lookup?.upstreamMs,
  })
  if (lookup?.retryAfterSeconds) c.header('Retry-After', String(lookup.retryAfterSeconds))
  // Per-request headers only on a page no cache shares.
  const nonce = rendered.policy.shared ? undefined : newNonce()
  c.header('Content-Security-Policy', contentSecurityPolicy(configOrNull(c.env), nonce))
  // The shop's own links, fetched on intent (routes/speculation-rules.ts); a structured-header string.
  c.header('Speculation-Rules', `"${SPECULATION_RULES_PATH}"`)

  const [styles, Page] = await Promise.all([inlineStyles(c.env.ASSETS), loadWholePage(render.page.page)])
  // The app reads the product itself: at once when it is known, else when it streams in; and
  // where the shop ships, for the static sections that say so, with it.
  const products = lookup
    ? fulfilled(lookup.result)
    : product
      ? settling(Promise.resolve(product).then((found) => found.result))
      : null
  const inWords = (found: ProductLookup) => (found.markets ? marketsInWords(found.markets) : null)
  const markets = lookup
    ? fulfilled(inWords(lookup))
    : product
      ? settling(Promise.resolve(product).then(inWords))
      : null
  c.status(status as ContentfulStatusCode)
  // Through @hono/react-renderer (src/render/page-renderer.tsx). A crawler waited for the
  // product above, and every section is preloaded, so nothing is left to stream late.
  return c.render(
    <MarketsContext value={markets}>
      <App page={render.page} Page={Page} product={products} />
    </MarketsContext>,
    {
      head: { ...head, noindex: head.noindex || status >= 400 },
      page: render.page,
      styles,
      modules: clientAssets.modulesFor(render.page.page),
      nonce,
    },
  )
}

/**
 * Records what rendering produced, as the one value the request log and the outer
 * middleware read (src/index.ts adds the request id to what no cache shares), and sets the
 * headers its cache policy gives (cache-policy.ts). A page no cache shares also gets
 * Server-Timing; a shared one never does.
 */
export function settle(c: Context<AppEnv>, outcome: Omit<RenderedPage, 'policy'>): RenderedPage {
  const rendered = { ...outcome, policy: pageCachePolicy(outcome, configOrNull(c.env)?.pageCache ?? null) }
  c.set('page', rendered)
  for (const [name, value] of Object.entries(rendered.policy.headers)) c.header(name, value)
  if (!rendered.policy.shared) {
    if (outcome.cache) setMetric(c, 'cache', outcome.cache)
    if (outcome.upstreamMs !== undefined) setMetric(c, 'storefront', outcome.upstreamMs)
  }
  return rendered
}

/** The page with its deferred sections: the browser may hydrate in parts, the HTML is whole. */
async function loadWholePage(name: PageData['page']) {
  const Page = await loadPage(name)
  await preloadSections()
  return Page
}

function settledWithin(promise: PromiseLike<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  return Promise.race([
    Promise.resolve(promise).then(() => undefined),
    new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))),
  ]).finally(() => timer !== undefined && clearTimeout(timer))
}
