import { jsonForScript } from './lib/json-script.ts'
import type { ProductResult } from './model/product-result.ts'
import { BUY_FORM_ID, PRODUCT_DATA_ID } from './lib/element-ids.ts'

/**
 * The product as data in the page, which client/browser/entry.tsx reads to hydrate with it, and the
 * form its buy buttons submit (they name it with `form=`) while JavaScript is off or not yet
 * live: it posts the first variant to /checkout, which answers 303 to Shopify's checkout.
 * A static section: the browser keeps both as sent and never loads this code.
 */
export function ProductDataScript({ result }: { result: ProductResult }) {
  const variant = result.status === 'found' ? result.product.variants[0] : undefined
  return (
    <>
      <script
        type="application/json"
        id={PRODUCT_DATA_ID}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped for a script by jsonForScript
        dangerouslySetInnerHTML={{ __html: jsonForScript(result) }}
      />
      {variant && (
        <form id={BUY_FORM_ID} method="post" action="/checkout" hidden>
          <input type="hidden" name="merchandiseId" value={variant.id} />
          {/* The market the page is priced in, whose checkout the form opens (docs/markets.md). */}
          <input type="hidden" name="country" value={result.market?.country ?? 'ZZ'} />
          {result.market?.languages.length ? (
            <input type="hidden" name="languages" value={result.market.languages.join(',')} />
          ) : null}
        </form>
      )}
    </>
  )
}
