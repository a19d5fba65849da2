import { useSetAtom } from 'jotai'
import { Suspense, use, useId, useState } from 'react'
import type { Product } from '../../src/storefront/types'
import { addItemAtom } from '../cart/cart-store'
import { firstVariantLine } from '../cart/cart-item'
import { BenefitStrip } from '../components/BenefitStrip'
import { Gallery } from '../components/Gallery'
import { ArrowLeftIcon, ChevronIcon } from '../components/product-icons'
import { toastAdded, toastProductUnavailable } from '../components/toasts'
import { productDetails } from '../content/product'
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
      {result.status === 'found' ? <ProductView product={result.product} /> : <ProductNotFound />}
    </>
  )
}

function ProductView({ product }: { product: Product }) {
  const [detailsOpen, setDetailsOpen] = useState(false)
  const detailsId = useId()
  const add = useSetAtom(addItemAtom)

  function addToCart() {
    const line = firstVariantLine(product)
    if (!line) return toastProductUnavailable()
    add(line)
    toastAdded()
  }

  return (
    <>
      <article className="mx-auto max-w-6xl px-4 py-6 md:py-10">
        <a href="/" className="inline-flex items-center gap-2 rounded-lg font-semibold text-stone-700 hover:text-orange-700">
          <ArrowLeftIcon width={18} height={18} /> Back to Store
        </a>
        <div className="mt-6 grid gap-10 md:grid-cols-2">
          <Gallery
            images={product.images.map((image) => ({ src: image.url, alt: image.altText ?? product.title }))}
            priority
            testId="product-gallery"
          />
          <div>
            <h1 className="text-3xl font-extrabold text-stone-900 md:text-4xl">{product.title}</h1>
            <p className="mt-3 text-2xl font-bold text-orange-700" data-testid="price">
              {formatPrice(product.priceRange.minVariantPrice.amount)}
            </p>
            <p className="mt-5 whitespace-pre-line text-stone-700">{product.description}</p>
            <button
              type="button"
              onClick={addToCart}
              className="mt-8 w-full rounded-full bg-orange-700 px-8 py-4 text-lg font-extrabold text-white shadow-lg shadow-orange-200 transition hover:bg-orange-800 md:w-auto"
            >
              Add to Cart
            </button>

            <div className="mt-8 rounded-2xl border border-stone-200">
              <h2>
                <button
                  type="button"
                  onClick={() => setDetailsOpen((open) => !open)}
                  aria-expanded={detailsOpen}
                  aria-controls={detailsId}
                  className="flex w-full items-center justify-between p-4 text-left text-lg font-bold text-stone-900"
                >
                  Product Details
                  <ChevronIcon className={`transition ${detailsOpen ? 'rotate-180' : ''}`} />
                </button>
              </h2>
              <dl id={detailsId} hidden={!detailsOpen} className={`${detailsOpen ? 'grid' : 'hidden'} gap-3 border-t border-stone-200 p-4 sm:grid-cols-[auto_1fr]`} data-testid="product-details">
                {productDetails.map((detail) => (
                  <div key={detail.label} className="contents">
                    <dt className="font-semibold text-stone-900">{detail.label}</dt>
                    <dd className="text-stone-700">{detail.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          </div>
        </div>
      </article>
      <BenefitStrip />
    </>
  )
}

function ProductNotFound() {
  return (
    <section className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-extrabold text-stone-900">Product not found</h1>
      <p className="mt-3 text-stone-600">This blanket may have wandered off. Let’s get you back to the shop.</p>
      <a href="/" className="mt-8 inline-block rounded-full bg-orange-700 px-8 py-4 font-bold text-white hover:bg-orange-800">
        Back to Home
      </a>
    </section>
  )
}

export function ProductSkeleton() {
  return (
    <div className="mx-auto max-w-6xl animate-pulse px-4 py-6 md:py-10" aria-busy="true" aria-label="Loading product" role="status" data-testid="product-skeleton">
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
