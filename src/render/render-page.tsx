import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { isbot } from 'isbot'
import { App } from '../../client/App'
import { preloadSections } from '../../client/lib/deferred-section'
import { pageModules } from '../../client/pages/page-modules'
import type { Thenable } from '../../client/lib/thenable'
import type { PageData, ProductResult } from '../../domain/page-data'
import { clientAssets, inlineStyles } from './assets'
import type { Head } from './document'
import type { AppEnv } from '../app-env'

export type PageRender = {
  page: PageData
  /** Head tags; a function when they depend on the product (its title, say). */
  head: Head | ((product: ProductResult | null) => Head)
  status?: number
  /** The page's product, still loading or known. */
  product?: Thenable<ProductResult>
  /** The status once the product is known (e.g. 404 for a handle the shop lacks). */
  statusFor?: (result: ProductResult) => number
  /** How long to hold the headers for the product before streaming the skeleton. */
  deadlineMs?: number
  /** What a purge names this page by, besides 'pages' (src/render/page-cache.ts). */
  cacheTags?: string[]
}

/**
 * Streams a page. A product that arrives within the deadline (a cache hit, a fast
 * Shopify) is rendered in place with its true status; a slower one streams the shell and
 * skeleton first and fills in when it lands. Crawlers always get the finished document.
 */
export async function renderPage(c: Context<AppEnv>, render: PageRender): Promise<Response> {
  const crawler = isbot(c.req.header('User-Agent') ?? '')
  let status = render.status ?? 200
  const { product } = render

  if (product) {
    if (crawler) await product
    else await settledWithin(product, render.deadlineMs ?? 0)
    if (product.status === 'fulfilled' && render.statusFor) status = render.statusFor(product.value)
  }
  const settled = product?.status === 'fulfilled' ? product.value : null
  const head = typeof render.head === 'function' ? render.head(settled) : render.head
  const noindex = head.noindex || status >= 400

  const [styles, Page] = await Promise.all([inlineStyles(c.env.ASSETS), loadWholePage(render.page.page)])
  // Complete when the page has what it shows: no product, or its product found before the
  // deadline. Only then may a cache keep it (src/render/page-cache.ts).
  c.set('htmlComplete', !product || (product.status === 'fulfilled' && product.value.status === 'found'))
  c.set('cacheTags', render.cacheTags ?? [])
  const retryAfter = c.get('retryAfterSeconds')
  if (retryAfter) c.header('Retry-After', String(retryAfter))
  // Known only when the product settled before the headers went out.
  const cache = c.get('cache')
  const upstreamMs = c.get('upstreamMs')
  const timing = [cache && `cache;desc="${cache}"`, upstreamMs !== undefined && `storefront;dur=${upstreamMs}`].filter(Boolean)
  if (timing.length > 0) c.header('Server-Timing', timing.join(', '))

  c.status(status as ContentfulStatusCode)
  // Through @hono/react-renderer (src/render/page-renderer.tsx). A crawler waited for the
  // product above, and every section is preloaded, so nothing is left to stream late.
  return c.render(<App page={render.page} Page={Page} product={product ?? null} />, {
    head: { ...head, noindex },
    page: render.page,
    styles,
    modules: clientAssets.modulesFor(render.page.page),
  })
}

/** The page with its deferred sections: the browser may hydrate in parts, the HTML is whole. */
async function loadWholePage(name: PageData['page']) {
  const Page = await pageModules[name].load()
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
