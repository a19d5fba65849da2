import type { Product } from './product'

/** The product as a page knows it: found, not in the shop, or Shopify failed to say. */
export type ProductResult = { status: 'found'; product: Product } | { status: 'missing' } | { status: 'unavailable' }

/** The one product the landing page sells. */
export const LANDING_PRODUCT_HANDLE = 'toddler-blanket'
