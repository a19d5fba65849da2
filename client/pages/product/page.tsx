import { Suspense, use } from 'react'
import type { Product } from '../../model/product.ts'
import { BenefitStrip } from '../../components/BenefitStrip.tsx'
import { Arrival } from '../../components/Arrival.tsx'
import { BuyButton } from '../../components/BuyButton.tsx'
import { Gallery, type DrawPicture } from '../../components/Gallery.tsx'
import { ShopifyPicture } from '../../components/ShopifyPicture.tsx'
import type { Image } from '../../model/product.ts'
import { ChevronIcon } from '../../components/product-icons.tsx'
import { deferredSection, staticSection } from '../../lib/deferred-section.tsx'
import { ProductContext, ProductData } from '../../product-context.tsx'

// Words, pictures and links (sections.tsx) are static sections, never hydrated, but for the
// skeleton and 'not found', which the page switches between (deferred); the gallery,
// 'Add to Cart' and the details toggle hydrate with the page.
const loadStatic = () => import('./sections.tsx')
const ProductSkeleton = deferredSection(() => loadStatic().then((m) => m.ProductSkeleton))
const ProductNotFound = deferredSection(() => loadStatic().then((m) => m.ProductNotFound))
const BackToStore = staticSection(() => loadStatic().then((m) => m.BackToStore))
const ProductSummary = staticSection(() => loadStatic().then((m) => m.ProductSummary))
const ProductDetailList = staticSection(() => loadStatic().then((m) => m.ProductDetailList))
const MarketNote = staticSection(() => import('../../components/MarketNote.tsx').then((m) => m.MarketNote))
const ShippingAndReturns = staticSection(() =>
  import('../../components/ShippingAndReturns.tsx').then((m) => m.ShippingAndReturns),
)

const ProductPicture: DrawPicture<{ image: Image }> = ({ picture, ...rest }) => (
  <ShopifyPicture image={picture.image} {...rest} />
)

export default function ProductPage() {
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
        <ProductView product={result.product} tax={result.market?.tax} />
      ) : (
        <ProductNotFound unreachable={result.status === 'unavailable'} />
      )}
    </>
  )
}

function ProductView({ product, tax }: { product: Product; tax: string | undefined }) {
  return (
    <>
      <article className="mx-auto max-w-6xl px-4 py-6 md:py-10">
        <BackToStore />
        <div className="mt-6 grid gap-10 md:grid-cols-2">
          <Gallery
            pictures={product.images.map((image) => ({ image, alt: image.altText || product.title }))}
            Picture={ProductPicture}
            priority
            testId="product-gallery"
          />
          <div>
            <ProductSummary product={product} tax={tax} />
            <Arrival />
            <BuyButton then="toast" className="mt-8 w-full md:w-auto">
              Add to Cart
            </BuyButton>
            <MarketNote />

            {/* <details> opens without JavaScript, and before the app is live. */}
            <details className="group mt-8 rounded-2xl border border-stone-200">
              <summary className="flex cursor-pointer list-none items-center justify-between p-4 text-left text-lg font-bold text-stone-900 [&::-webkit-details-marker]:hidden">
                <h2>Product Details</h2>
                <ChevronIcon className="transition group-open:rotate-180" />
              </summary>
              <ProductDetailList />
            </details>
            <ShippingAndReturns />
          </div>
        </div>
      </article>
      <BenefitStrip />
    </>
  )
}
