import type { Thing, WithContext } from 'schema-dts'
import type { ProductResult } from '../model/product-result.ts'
import type { ShippingTerms } from './product-structured-data.ts'

/** A page's <head>: src/render/document.tsx writes it. */
export type Head = {
  title: string
  description: string
  /** The page's one public address, on SHOP_ORIGIN (its market's: src/routes/page-routes.tsx). */
  canonical?: string
  /** The page as Markdown, for agents (src/routes/product-markdown.ts). */
  markdown?: string
  /** The same page in each market (`hreflang`), set by the Worker for a page that sells. */
  alternates?: { hreflang: string; href: string }[]
  noindex?: boolean
  /** Absolute URL of a raster picture at SHARE_WIDTH × SHARE_HEIGHT, for share previews (which draw no SVG). */
  image?: string
  /** schema.org data for search engines (the Product on the pages that sell it). */
  jsonLd?: WithContext<Thing>
  /**
   * The id of the element the browser holds its first paint for (`<link rel="expect"
   * blocking="render">`, Chromium 124+; other browsers paint as the HTML arrives). Outside
   * every Suspense boundary, so the shell holds it.
   */
  firstView?: string
}

/** What the Worker gives a page's meta to work with. */
export type MetaInput = {
  /** The route's parameters (`handle` on /product/:handle). */
  params: Record<string, string>
  /** The page's product once known; null while it streams, or on a page that shows none. */
  product: ProductResult | null
  /**
   * An absolute address on SHOP_ORIGIN, never on the request's host: a kept page is served to
   * every host name the Worker answers (docs/edge-caching.md, 'What a kept page may hold').
   */
  address: (path: string) => string
  /** Where the shop ships, for the structured data (Shopify's `shop.shipsToCountries`). */
  shipping: ShippingTerms
}

/**
 * What the Worker needs to know of a page besides its view: its head, status and product.
 * Each page folder has one (`meta.ts`); only the Worker reads it (src/routes/page-routes.tsx).
 */
export type PageMeta = {
  /**
   * The handle of the product the page waits for, from the route's parameters; null when
   * they can name no product: the page then shows its product as missing (its 404 view)
   * without asking Shopify.
   */
  product?: (params: Record<string, string>) => string | null
  /** The page's one address when the route's parameters spell it otherwise: a 301 there. */
  redirect?: (params: Record<string, string>) => string | null
  /** The status when the page's product is not in the shop (the landing page still sells). */
  missingStatus?: number
  /** The status when Shopify could not be asked (503 by default, so the edge may serve its last good copy). */
  unavailableStatus?: number
  /** The status of a page that shows no product (the 404 and error pages). */
  status?: number
  head: (input: MetaInput) => Head
  /** The paths this page adds to /sitemap.xml. */
  sitemap?: string[]
}
