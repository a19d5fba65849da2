import { createContext, use } from 'react'
import { staticSection } from './lib/deferred-section.tsx'
import type { Thenable } from './lib/thenable.ts'
import type { ProductResult } from './model/product-result.ts'

/** The page's product as it arrives: read with `use()` inside a Suspense boundary. */
export const ProductContext = createContext<Thenable<ProductResult> | null>(null)

/** The product once known, or null while it is still loading or was never asked for. */
export function useSettledProduct(): ProductResult | null {
  const resource = use(ProductContext)
  return resource?.status === 'fulfilled' ? resource.value : null
}

/**
 * Hands the product to the browser with the HTML, beside the form the buy buttons submit
 * before the app is live. A static section: the browser reads the data from the page before
 * hydrating, never from this component, whose serialiser it never loads.
 */
export const ProductData = staticSection(() => import('./product-data-script.tsx').then((m) => m.ProductDataScript))
