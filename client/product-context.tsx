import { createContext, use } from 'react'
import { staticSection } from './lib/deferred-section'
import type { Thenable } from './lib/thenable'
import type { ProductResult } from '../domain/page-data'

/** The page's product as it arrives: read with `use()` inside a Suspense boundary. */
export const ProductContext = createContext<Thenable<ProductResult> | null>(null)

/** The product once known, or null while it is still loading or was never asked for. */
export function useSettledProduct(): ProductResult | null {
  const resource = use(ProductContext)
  return resource?.status === 'fulfilled' ? resource.value : null
}

/**
 * Hands the product to the browser with the HTML. A static section: the browser reads the
 * data before hydrating, so re-serialising the product there would be wasted work.
 */
export const ProductData = staticSection(() => import('./product-data-script').then((m) => m.ProductDataScript))
