import { Suspense, use } from 'react'
import { BenefitStrip } from '../components/BenefitStrip'
import { HeroGallery } from '../components/HeroGallery'
import { OrderButton } from '../components/OrderButton'
import { productDetails } from '../content/product'
import { deferredSection } from '../lib/deferred-section'
import { ProductContext, ProductData } from '../product-context'

const Story = deferredSection(() => import('./LandingStory').then((m) => m.LandingStory))

export function LandingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-orange-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-10 pt-8 text-center md:pt-14">
          <h1 className="text-4xl font-extrabold leading-tight tracking-tight text-stone-900 md:text-6xl">
            The blanket every little one wants to hug
          </h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700">
            Six square animal friends on thick, soft fleece that stays bright wash after wash. Made for naps, car rides and
            every cuddle in between.
          </p>
          <OrderButton className="mt-8">Only $38 – Order Now!</OrderButton>
          <p className="mt-3 text-sm font-semibold text-stone-600">yes, shipping is included</p>
        </div>
      </section>

      <section aria-label="The blanket" className="mx-auto grid max-w-6xl gap-10 px-4 py-10 md:grid-cols-2 md:items-center">
        <HeroGallery />
        <div>
          <h2 className="text-3xl font-extrabold text-stone-900">Square softness</h2>
          <p className="mt-3 text-stone-700">
            We drew six friends as perfect little squares, so small hands can find them, point at them and name them, and
            printed them on fleece thick enough for the coldest nights.
          </p>
          <ul className="mt-6 space-y-3" aria-label="Product details">
            {productDetails.map((detail) => (
              <li key={detail.label} className="flex gap-3">
                <span className="mt-1 h-3 w-3 flex-none rounded bg-orange-500" aria-hidden="true" />
                <span>
                  <strong className="text-stone-900">{detail.label}:</strong> <span className="text-stone-700">{detail.value}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <BenefitStrip />
      <Suspense fallback={null}>
        <Story />
      </Suspense>

      <section className="py-16 text-center">
        <h2 className="text-3xl font-extrabold text-stone-900">Ready for bedtime?</h2>
        <p className="mt-2 text-stone-600">Made on demand and on its way in 2-5 business days.</p>
        <OrderButton className="mt-8">Only $38 – Order Now!</OrderButton>
        <p className="mt-3 text-sm font-semibold text-stone-600">yes, shipping is included</p>
      </section>

      <Suspense fallback={null}>
        <LandingProductData />
      </Suspense>
    </>
  )
}

LandingPage.preload = Story.preload

function LandingProductData() {
  const resource = use(ProductContext)
  return resource ? <ProductData result={use(resource)} /> : null
}
