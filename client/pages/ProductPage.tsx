import { Suspense, use } from 'react'
import { formatPrice } from '../lib/format'
import { ProductContext, ProductData } from '../product-context'

export function ProductPage() {
  return (
    <Suspense fallback={<ProductSkeleton />}>
      <ProductDetail />
    </Suspense>
  )
}

function ProductDetail() {
  const resource = use(ProductContext)
  const result = resource ? use(resource) : ({ status: 'unavailable' } as const)
  return (
    <>
      <ProductData result={result} />
      {result.status === 'found' ? (
        <article className="mx-auto max-w-5xl px-4 py-8">
          <a href="/">Back to Store</a>
          <h1 className="text-3xl font-bold">{result.product.title}</h1>
          <p data-testid="price">{formatPrice(result.product.priceRange.minVariantPrice.amount)}</p>
          <p>{result.product.description}</p>
        </article>
      ) : (
        <ProductNotFound />
      )}
    </>
  )
}

function ProductNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold">Product not found</h1>
      <a href="/" className="mt-6 inline-block rounded-full bg-stone-900 px-6 py-3 text-white">
        Back to Home
      </a>
    </section>
  )
}

export function ProductSkeleton() {
  return (
    <div className="mx-auto max-w-5xl animate-pulse px-4 py-8" aria-busy="true" aria-label="Loading product" data-testid="product-skeleton">
      <div className="aspect-square w-full rounded-2xl bg-stone-200 md:w-1/2" />
      <div className="mt-6 h-8 w-2/3 rounded bg-stone-200" />
      <div className="mt-3 h-6 w-24 rounded bg-stone-200" />
    </div>
  )
}
