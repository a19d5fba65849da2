import { Hono, type Context } from 'hono'
import { track } from '../../client/lib/thenable'
import { LANDING_PRODUCT_HANDLE, type PageData, type ProductResult } from '../../domain/page-data'
import type { AppEnv } from '../app-env'
import { readConfig } from '../config'
import { log } from '../log'
import { productTag } from '../render/cache-policy'
import { renderPage, settle, type ProductLookup } from '../render/render-page'
import { getCachedProduct, TooManyLookups } from '../storefront/product-cache'
import type { Product } from '../../domain/product'
import { photo } from '../../client/content/photos'
import { shareSrc } from '../../client/lib/pictures'

const SHOP = 'Square Snuggles'
const TAGLINE = 'A soft fleece blanket printed with six square animal friends, $38 with shipping included.'

// Shopify handles are short slugs; anything else cannot name a product, so it is a 404
// without asking Shopify.
const HANDLE = /^[\p{Ll}\p{Lo}\p{N}_-]{1,255}$/u

/** The product for this page, never rejecting: failures become 'unavailable' and are logged. */
function loadProduct(c: Context<AppEnv>, handle: string) {
  const buyerIp = c.req.header('CF-Connecting-IP')
  const request = getCachedProduct(
    {
      env: c.env,
      config: readConfig(c.env),
      buyerIp,
      requestId: c.get('requestId'),
    },
    handle,
  ).then(
    ({ product, outcome, upstreamMs }): ProductLookup => ({
      result: product ? { status: 'found', product } : { status: 'missing' },
      cache: outcome,
      upstreamMs,
    }),
    (error): ProductLookup => {
      if (error instanceof TooManyLookups) {
        log(c, 'warn', 'product lookup refused by the rate limit', { handle })
        return { result: { status: 'unavailable' }, retryAfterSeconds: 60 }
      }
      log(c, 'error', 'product fetch failed', { handle, error })
      return { result: { status: 'unavailable' } }
    },
  )
  return track(request)
}

/** 503 when Shopify could not be asked, so the edge may serve its last good copy (stale-if-error). */
const statusOf = (notFound: number) => ({ result, retryAfterSeconds }: ProductLookup) =>
  result.status === 'found' ? 200 : result.status === 'missing' ? notFound : retryAfterSeconds ? 429 : 503

function page(c: Context, name: PageData['page']): PageData {
  return { page: name, path: c.req.path }
}

/**
 * A page's public address, on the configured SHOP_ORIGIN and never on the request's host: a
 * kept page is served to every host name the Worker answers (docs/edge-caching.md, 'What a
 * kept page may hold'). Routes name their own path, so `/product/toddler%2Dblanket` and
 * `/?utm_source=x` still point at the one address.
 */
function canonical(c: Context<AppEnv>, path: string): string {
  return new URL(path, readConfig(c.env).shopOrigin).toString()
}

/** The landing's first photograph, cropped for social previews by the build. */
const shareImage = (c: Context<AppEnv>) => canonical(c, photo('blanket-1').share)
const productShareImage = (c: Context<AppEnv>, product: Product) => (product.images[0] && shareSrc(product.images[0].url)) ?? shareImage(c)

/** schema.org Product with its offer, so search results can show price and availability. */
function productJsonLd(product: Product, url: string) {
  const variant = product.variants[0]
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description,
    image: product.images.map((image) => image.url),
    sku: variant?.id,
    brand: { '@type': 'Brand', name: SHOP },
    offers: {
      '@type': 'Offer',
      url,
      price: product.priceRange.minVariantPrice.amount,
      priceCurrency: product.priceRange.minVariantPrice.currencyCode,
      availability: product.variants.some((v) => v.availableForSale) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      shippingDetails: { '@type': 'OfferShippingDetails', shippingRate: { '@type': 'MonetaryAmount', value: 0, currency: product.priceRange.minVariantPrice.currencyCode } },
    },
  }
}

export const pages = new Hono<AppEnv>()
  .get('/', (c) =>
    renderPage(c, {
      page: page(c, 'home'),
      head: { title: `${SHOP} – the square animal fleece blanket`, description: TAGLINE, canonical: canonical(c, '/'), image: shareImage(c) },
      product: loadProduct(c, LANDING_PRODUCT_HANDLE),
      statusFor: statusOf(200),
      cacheTags: [productTag(LANDING_PRODUCT_HANDLE)],
      deadlineMs: readConfig(c.env).renderDeadlineMs,
    }),
  )
  .get('/product/:handle', (c) => {
    const handle = c.req.param('handle')
    if (!HANDLE.test(handle)) return c.notFound()
    const address = canonical(c, `/product/${encodeURIComponent(handle)}`)
    return renderPage(c, {
      page: page(c, 'product'),
      head: (result) =>
        result?.status === 'found'
          ? {
              title: `${result.product.title} – ${SHOP}`,
              description: result.product.description.slice(0, 160),
              canonical: address,
              image: productShareImage(c, result.product),
              jsonLd: productJsonLd(result.product, address),
            }
          : { title: `Blanket – ${SHOP}`, description: TAGLINE, canonical: address, image: shareImage(c) },
      product: loadProduct(c, handle),
      statusFor: statusOf(404),
      cacheTags: [productTag(handle)],
      deadlineMs: readConfig(c.env).renderDeadlineMs,
    })
  })
  .get('/terms', (c) =>
    renderPage(c, {
      page: page(c, 'terms'),
      head: { title: `Terms of Use – ${SHOP}`, description: `The terms for buying from ${SHOP}.`, canonical: canonical(c, '/terms') },
    }),
  )
  .get('/privacy', (c) =>
    renderPage(c, {
      page: page(c, 'privacy'),
      head: { title: `Privacy Policy – ${SHOP}`, description: `How ${SHOP} handles your data.`, canonical: canonical(c, '/privacy') },
    }),
  )
  .get('/about', (c) =>
    renderPage(c, {
      page: page(c, 'about'),
      head: { title: `About – ${SHOP}`, description: `Who makes ${SHOP} blankets, and why.`, canonical: canonical(c, '/about') },
    }),
  )

/** The pages worth indexing; product pages beyond the one the shop sells are not listed. */
pages.get('/sitemap.xml', (c) => {
  const paths = ['/', `/product/${LANDING_PRODUCT_HANDLE}`, '/about', '/terms', '/privacy']
  const urls = paths.map((path) => `<url><loc>${canonical(c, path)}</loc></url>`).join('')
  // Kept like a page (render/cache-policy.ts): the same for everyone, and purged with the pages.
  settle(c, { status: 200, complete: true, tags: [] })
  return c.body(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`, 200, {
    'Content-Type': 'application/xml; charset=utf-8',
  })
})

export function renderNotFound(c: Context<AppEnv>) {
  return renderPage(c, {
    page: page(c, 'not-found'),
    head: { title: `Page not found – ${SHOP}`, description: TAGLINE },
    status: 404,
  })
}

export function renderError(c: Context<AppEnv>) {
  return renderPage(c, {
    page: page(c, 'error'),
    head: { title: `Unexpected Application Error! – ${SHOP}`, description: TAGLINE },
    status: 500,
  })
}
