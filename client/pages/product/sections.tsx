import type { Product } from '../../model/product.ts'
import { ArrowLeftIcon } from '../../components/product-icons.tsx'
import { productDetails } from '../../content/product-details.ts'
import { formatMoney } from '../../lib/format-money.ts'

// The product page's parts that need no code in the browser (text, pictures, links).
// ProductPage shows them as static sections (the skeleton and 'not found' as deferred
// ones), beside the controls that hydrate with it.

/** The title and the price, with what the price includes in the page's market (`tax`: 'incl. VAT'). */
export function ProductSummary({ product, tax }: { product: Product; tax: string | undefined }) {
  return (
    <>
      <h1 className="text-3xl font-extrabold text-stone-900 md:text-4xl">{product.title}</h1>
      <p className="mt-3 flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-bold text-orange-700" data-testid="price">
          {formatMoney(product.priceRange.minVariantPrice)}
        </span>
        {tax && (
          <span className="text-sm font-semibold text-stone-700" data-testid="tax-words">
            {tax}
          </span>
        )}
      </p>
      <p className="mt-5 whitespace-pre-line text-stone-700">{product.description}</p>
    </>
  )
}

/** The list whole, so the static section's wrapper sits outside the <dl>, where a <div> may. */
export function ProductDetailList() {
  return (
    <dl className="grid gap-3 border-t border-stone-200 p-4 sm:grid-cols-[auto_1fr]" data-testid="product-details">
      {productDetails.map((detail) => (
        <div key={detail.label} className="contents">
          <dt className="font-semibold text-stone-900">{detail.label}</dt>
          <dd className="text-stone-700">{detail.value}</dd>
        </div>
      ))}
    </dl>
  )
}

export function BackToStore() {
  return (
    <a
      href="/"
      className="inline-flex items-center gap-2 rounded-lg font-semibold text-stone-700 hover:text-orange-700"
    >
      <ArrowLeftIcon width={18} height={18} /> Back to Store
    </a>
  )
}

/** The 'Product not found' view; the line under it says which of the two it is. */
export function ProductNotFound({ unreachable = false }: { unreachable?: boolean }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold text-stone-900">Product not found</h1>
      <p className="mt-3 text-stone-600">
        {unreachable
          ? 'We can’t reach our stock right now. Please try again in a minute.'
          : 'We don’t sell a product by this name. Let’s get you back to the shop.'}
      </p>
      <a
        href="/"
        className="mt-8 inline-block rounded-full border-2 border-transparent bg-orange-700 px-7.5 py-3.5 font-bold text-white hover:bg-orange-800"
      >
        Back to Home
      </a>
    </section>
  )
}

/** At least a screen high: the product it stands for is taller, so the footer never shows above the fold only to be pushed off it. */
export function ProductSkeleton() {
  return (
    <div
      className="mx-auto min-h-svh max-w-6xl animate-pulse px-4 py-6 md:py-10"
      aria-busy="true"
      aria-label="Loading product"
      role="status"
      data-testid="product-skeleton"
    >
      <div className="h-5 w-32 rounded bg-stone-200" />
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <div>
          <div className="aspect-square w-full rounded-3xl bg-stone-200" />
          <div className="mt-3 grid grid-cols-5 gap-3">
            {[0, 1, 2, 3, 4].map((i) => (
              <div key={i} className="aspect-square rounded-xl bg-stone-200" />
            ))}
          </div>
        </div>
        <div>
          <div className="h-9 w-3/4 rounded bg-stone-200" />
          <div className="mt-4 h-7 w-24 rounded bg-stone-200" />
          <div className="mt-6 h-4 w-full rounded bg-stone-200" />
          <div className="mt-2 h-4 w-5/6 rounded bg-stone-200" />
          <div className="mt-8 h-14 w-48 rounded-full bg-stone-200" />
        </div>
      </div>
    </div>
  )
}
