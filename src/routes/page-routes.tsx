import { Hono, type Context } from 'hono'
import { PAGES, type PageName } from '../../client/pages/pages.ts'
import type { PageMeta } from '../../client/pages/page-meta.ts'
import { fulfilled, settling } from '../../client/lib/thenable.ts'
import { LANDING_PRODUCT_HANDLE } from '../../client/model/product-result.ts'
import type { AppEnv } from '../app-env.ts'
import { configOrNull, readConfig } from '../config.ts'
import { log } from '../log.ts'
import { productTag } from '../render/cache-policy.ts'
import { renderPage, settle, type ProductLookup } from '../render/render-page.tsx'
import { readProduct, TooManyLookups } from '../product/read-product.ts'
import { countryOfPage, marketOfPath, marketPath, pageMarket, pathIn, readContext } from '../market.ts'
import { isPagePath } from '../canonical-pages.ts'
import { makerCalendar } from '../maker-calendar.ts'
import type { ShopMarkets } from '../storefront/product.ts'
import type { Head } from '../../client/pages/page-meta.ts'

/** The product for this page, priced in its country, never rejecting: failures become 'unavailable' and are logged. */
function loadProduct(c: Context<AppEnv>, handle: string, country: string | null) {
  const request = readProduct(readContext(c), handle, country).then(
    ({ product, markets, outcome, upstreamMs }): ProductLookup => {
      const market = pageMarket(country, markets, readConfig(c.env).prices, product)
      return {
        result: product
          ? { status: 'found', product, market, calendar: makerCalendar() }
          : { status: 'missing', market },
        markets,
        cache: outcome,
        upstreamMs,
      }
    },
    (error): ProductLookup => {
      if (error instanceof TooManyLookups) {
        log(c, 'warn', 'product lookup refused by the rate limit', { handle })
        return { result: { status: 'unavailable' }, retryAfterSeconds: 60 }
      }
      log(c, 'error', 'product fetch failed', { handle, country, error })
      return { result: { status: 'unavailable' } }
    },
  )
  return settling(request)
}

/**
 * The page's address in its market, and the same page's address in every other: the primary
 * market's pages live unprefixed (as Shopify Markets keeps its primary market at the root),
 * the others under `/en-xx` (`hreflang`, Google's 'Localized versions of your page').
 */
function localized(
  head: Head,
  country: string | null,
  markets: ShopMarkets | null,
  address: (path: string) => string,
): Head {
  if (!head.canonical || !markets) return head
  const asWritten = new URL(head.canonical).pathname
  const path = marketOfPath(asWritten)?.rest ?? asWritten
  const at = (code: string) => address(pathIn(code, markets.primaryCountry, path))
  return {
    ...head,
    canonical: country ? at(country) : address(path),
    alternates: [
      ...markets.countries.map((entry) => ({ hreflang: `en-${entry.isoCode}`, href: at(entry.isoCode) })),
      { hreflang: 'x-default', href: address(path) },
    ],
  }
}

/**
 * A page's `meta.ts`, found by its folder's name. A template import, which esbuild (in
 * wrangler) bundles as every file the pattern matches: the Worker has all the metas, and the
 * browser's bundle, built from client/pages/pages.ts, names none of them.
 */
const metaOf = async (name: PageName): Promise<PageMeta> =>
  ((await import(`../../client/pages/${name}/meta.ts`)) as { meta: PageMeta }).meta

/**
 * Where Shopify's checkout opens: the shop's own checkout host (CHECKOUT_DOMAIN) when it has
 * one, else the store's domain, where Shopify puts `checkoutUrl`. Null when the configuration
 * cannot be read (the error page).
 */
const checkoutOrigin = (c: Context<AppEnv>) => {
  const origins = configOrNull(c.env)?.checkoutOrigins
  return origins?.[1] ?? origins?.[0]
}

/** An absolute address on SHOP_ORIGIN (client/pages/page-meta.ts, `address`). */
const addressOn = (c: Context<AppEnv>) => (path: string) => new URL(path, readConfig(c.env).shopOrigin).toString()

/** Renders one page of the table: its product (if any), status, head and cache tags, from its meta. */
async function render(c: Context<AppEnv>, name: PageName, meta: PageMeta): Promise<Response> {
  const params = c.req.param() as Record<string, string>
  const redirect = meta.redirect?.(params)
  if (redirect) {
    settle(c, { status: 301, complete: true, tags: [] })
    const marketed = marketOfPath(c.req.path)
    return c.redirect(marketed ? marketPath(marketed.country, redirect) : redirect, 301)
  }
  const handle = meta.product?.(params)
  const address = addressOn(c)
  const market = meta.status ? { country: null, shared: true } : countryOfPage(c.req.path, c.req.raw)
  if (!market) return renderNotFound(c)
  return renderPage(c, {
    page: {
      page: name,
      path: c.req.path,
      checkoutOrigin: checkoutOrigin(c),
      ...(market.country && { country: market.country }),
    },
    head: (product, markets) =>
      localized(
        meta.head({
          params,
          product,
          // The market's own addresses for its pages (the structured data's offer is at the page that shows its price).
          address: (path) =>
            address(markets && isPagePath(path) ? pathIn(market.country, markets.primaryCountry, path) : path),
          // Read only by a page that shows its product: the error page, drawn when the
          // configuration is what failed, must not ask for it. Where it ships is Shopify's
          // answer, asked with the product.
          get shipping() {
            return { countries: markets?.shipsTo ?? [] }
          },
        }),
        market.country,
        markets,
        address,
      ),
    status: meta.status,
    shared: market.shared,
    ...(handle !== undefined && {
      product:
        handle === null
          ? fulfilled<ProductLookup>({ result: { status: 'missing' } })
          : loadProduct(c, handle, market.country),
      // 503 when Shopify could not be asked, so the edge may serve its last good copy (stale-if-error).
      statusFor: ({ result, retryAfterSeconds }: ProductLookup) =>
        result.status === 'found'
          ? 200
          : result.status === 'missing'
            ? (meta.missingStatus ?? 404)
            : retryAfterSeconds
              ? 429
              : (meta.unavailableStatus ?? 503),
      cacheTags: handle === null ? [] : [productTag(handle)],
      deadlineMs: readConfig(c.env).renderDeadlineMs,
    }),
  })
}

export const pages = new Hono<AppEnv>()
for (const [name, page] of Object.entries(PAGES) as [PageName, (typeof PAGES)[PageName]][]) {
  if (!page.path) continue
  const handler = async (c: Context<AppEnv>) => render(c, name, await metaOf(name))
  pages.get(page.path, handler)
  // The same page in a market of its own: `/en-ca`, `/en-ca/product/:handle` (countryOfPage checks the country).
  pages.get(`/:market{en-[a-z]{2}}${page.path === '/' ? '' : page.path}`, handler)
}

/** The paths each page lists, on SHOP_ORIGIN. */
pages.get('/sitemap.xml', async (c) => {
  const metas = await Promise.all((Object.keys(PAGES) as PageName[]).map(metaOf))
  const address = addressOn(c)
  const urls = metas
    .flatMap((meta) => meta.sitemap ?? [])
    .map((path) => `<url><loc>${address(path)}</loc></url>`)
    .join('')
  // Kept like a page (render/cache-policy.ts): the same for everyone, purged with the pages,
  // and with the product it lists, whose webhook purges it too.
  settle(c, { status: 200, complete: true, tags: [productTag(LANDING_PRODUCT_HANDLE)] })
  return c.body(
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
    200,
    {
      'Content-Type': 'application/xml; charset=utf-8',
    },
  )
})

/** Crawlers: everywhere but the doors that make carts, and where the sitemap is (on SHOP_ORIGIN, as the protocol wants it absolute). */
pages.get('/robots.txt', (c) => {
  settle(c, { status: 200, complete: true, tags: [] })
  const disallowed = ['/checkout', '/cart/', '/buy/', '/discount/', '/api/']
  return c.text(
    [
      'User-agent: *',
      'Allow: /',
      ...disallowed.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${addressOn(c)('/sitemap.xml')}`,
      '',
    ].join('\n'),
  )
})

export const renderNotFound = async (c: Context<AppEnv>): Promise<Response> =>
  render(c, 'not-found', await metaOf('not-found'))
export const renderError = async (c: Context<AppEnv>) => render(c, 'error', await metaOf('error'))
