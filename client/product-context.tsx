import { createContext, use } from 'react'
import type { Thenable } from './lib/thenable'
import { jsonForScript } from './lib/json-script'
import { PRODUCT_DATA_ID, type ProductResult } from './page-data'

/** The page's product as it arrives: read with `use()` inside a Suspense boundary. */
export const ProductContext = createContext<Thenable<ProductResult> | null>(null)

/** The product once known, or null while it is still loading or was never asked for. */
export function useSettledProduct(): ProductResult | null {
  const resource = use(ProductContext)
  return resource?.status === 'fulfilled' ? resource.value : null
}

/** Waits for the product, then hands it to the browser for hydration with the HTML. */
export function ProductData({ result }: { result: ProductResult }) {
  return <script type="application/json" id={PRODUCT_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(result) }} />
}
