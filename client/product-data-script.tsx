import { jsonForScript } from './lib/json-script'
import { PRODUCT_DATA_ID, type ProductResult } from './page-data'

/** The product as data in the page, which client/entry.tsx reads to hydrate with it. */
export function ProductDataScript({ result }: { result: ProductResult }) {
  return <script type="application/json" id={PRODUCT_DATA_ID} dangerouslySetInnerHTML={{ __html: jsonForScript(result) }} />
}
