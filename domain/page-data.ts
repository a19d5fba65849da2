import type { Product } from './product'

/** What the Worker tells the browser about the page it rendered, for hydration. */
export type PageName = 'home' | 'product' | 'terms' | 'privacy' | 'about' | 'not-found' | 'error'
export type PageData = { page: PageName; path: string }

/** The product as a page knows it: found, not in the shop, or Shopify failed to say. */
export type ProductResult = { status: 'found'; product: Product } | { status: 'missing' } | { status: 'unavailable' }

export const PAGE_DATA_ID = 'page-data'
export const PRODUCT_DATA_ID = 'product-data'
/** The no-JavaScript buy form that Order and Add to Cart submit until the app takes over. */
export const BUY_FORM_ID = 'buy-now'

/** The one product the landing page sells. */
export const LANDING_PRODUCT_HANDLE = 'toddler-blanket'
