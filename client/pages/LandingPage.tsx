import { Suspense, use } from 'react'
import { ProductContext, ProductData } from '../product-context'

export function LandingPage() {
  return (
    <>
      <section className="mx-auto max-w-6xl px-4 py-12 text-center">
        <h1 className="text-4xl font-extrabold">The blanket every little one wants to hug</h1>
        <p className="mt-4 text-lg text-stone-600">Six square animal friends on fleece that stays soft wash after wash.</p>
        <button type="button" className="mt-8 rounded-full bg-orange-500 px-8 py-4 font-bold text-white">
          Only $38 – Order Now!
        </button>
        <p className="mt-2 text-sm text-stone-500">yes, shipping is included</p>
      </section>
      <Suspense fallback={null}>
        <LandingProductData />
      </Suspense>
    </>
  )
}

function LandingProductData() {
  const resource = use(ProductContext)
  return resource ? <ProductData result={use(resource)} /> : null
}
