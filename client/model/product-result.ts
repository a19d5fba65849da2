import type { MakerCalendar } from './calendar.ts'
import type { PageMarket } from './market.ts'
import type { Product } from './product.ts'

/**
 * The product as a page knows it: found, not in the shop, or Shopify failed to say; with the
 * market the page is written for, when the store's markets are known (its prices are then that
 * market's).
 */
export type ProductResult = (
  | { status: 'found'; product: Product }
  | { status: 'missing' }
  | { status: 'unavailable' }
) & {
  market?: PageMarket
  /** The maker's calendar, from which the browser says when an order placed now arrives (client/content/delivery.ts). */
  calendar?: MakerCalendar
}

/** The one product the landing page sells. */
export const LANDING_PRODUCT_HANDLE = 'toddler-blanket'

/**
 * What a Shopify handle can be: a short lowercase slug. Anything else cannot name a product,
 * so the Worker answers it as missing without asking Shopify.
 */
export const PRODUCT_HANDLE = /^[\p{Ll}\p{Lo}\p{N}_-]{1,255}$/u
