import { Suspense, use } from 'react'
import { BenefitStrip } from '../components/BenefitStrip'
import { HeroGallery } from '../components/HeroGallery'
import { OrderButton } from '../components/OrderButton'
import { deferredSection } from '../lib/deferred-section'
import { ProductContext, ProductData } from '../product-context'

const loadCopy = () => import('./LandingCopy')
const HeroCopy = deferredSection(() => loadCopy().then((m) => m.HeroCopy))
const SoftnessCopy = deferredSection(() => loadCopy().then((m) => m.SoftnessCopy))
const ClosingCopy = deferredSection(() => loadCopy().then((m) => m.ClosingCopy))
const Story = deferredSection(() => import('./LandingStory').then((m) => m.LandingStory))
const deferredSections = [HeroCopy, HeroGallery, SoftnessCopy, ClosingCopy, Story, BenefitStrip]

export function LandingPage() {
  return (
    <>
      <section className="bg-gradient-to-b from-orange-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-10 pt-8 text-center md:pt-14">
          <HeroCopy />
          <OrderButton className="mt-8">Only $38 – Order Now!</OrderButton>
          <p className="mt-3 text-sm font-semibold text-stone-600">yes, shipping is included</p>
        </div>
      </section>

      <section aria-label="The blanket" className="mx-auto grid max-w-6xl gap-10 px-4 py-10 md:grid-cols-2 md:items-center">
        <HeroGallery />
        <SoftnessCopy />
      </section>

      <BenefitStrip />
      <Story />

      <section className="py-16 text-center">
        <ClosingCopy />
        <OrderButton className="mt-8">Only $38 – Order Now!</OrderButton>
        <p className="mt-3 text-sm font-semibold text-stone-600">yes, shipping is included</p>
      </section>

      <Suspense fallback={null}>
        <LandingProductData />
      </Suspense>
    </>
  )
}

LandingPage.preload = () => Promise.all(deferredSections.map((section) => section.preload()))

function LandingProductData() {
  const resource = use(ProductContext)
  return resource ? <ProductData result={use(resource)} /> : null
}
