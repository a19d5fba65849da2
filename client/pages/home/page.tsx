import { Suspense, use } from 'react'
import { Arrival } from '../../components/Arrival.tsx'
import { BenefitStrip } from '../../components/BenefitStrip.tsx'
import { HeroGallery } from '../../components/HeroGallery.tsx'
import { BuyButton } from '../../components/BuyButton.tsx'
import { loadCarousel } from '../../components/carousel/load.ts'
import { LIFESTYLE_CAROUSEL } from '../../components/carousel/names.ts'
import { deferredSection, staticSection } from '../../lib/deferred-section.tsx'
import { ProductContext, ProductData } from '../../product-context.tsx'
import { FIRST_VIEW_ID } from '../../lib/element-ids.ts'

// Words and pictures (sections.tsx) are static sections, never hydrated; the lifestyle
// carousel is deferred; the order buttons hydrate with the page.
const loadCopy = () => import('./sections.tsx')
const HeroCopy = staticSection(() => loadCopy().then((m) => m.HeroCopy))
const SoftnessCopy = staticSection(() => loadCopy().then((m) => m.SoftnessCopy))
const ClosingCopy = staticSection(() => loadCopy().then((m) => m.ClosingCopy))
const Characters = staticSection(() => loadCopy().then((m) => m.Characters))
const LifestyleCarousel = deferredSection(() =>
  loadCarousel(LIFESTYLE_CAROUSEL, () => import('../../components/LifestyleCarousel.tsx')).then(
    (m) => m.LifestyleCarousel,
  ),
)
const Testimonials = staticSection(() => loadCopy().then((m) => m.Testimonials))
const MarketNote = staticSection(() => import('../../components/MarketNote.tsx').then((m) => m.MarketNote))
const TaxWords = staticSection(() => import('../../components/MarketNote.tsx').then((m) => m.TaxWords))

export default function LandingPage() {
  return (
    <>
      {/* First, so the buy form is in the page before any button that submits it: on a
          phone's network the first paint can come while the rest of the page (and the
          photographs, which share the connection) are still arriving. */}
      <Suspense fallback={null}>
        <LandingProductData />
      </Suspense>

      <section className="bg-gradient-to-b from-orange-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-10 pt-8 text-center md:pt-14">
          <HeroCopy />
          <BuyButton className="mt-8">
            <OrderWords />
          </BuyButton>
          <p className="mt-3 text-sm font-semibold text-stone-600">yes, shipping is included</p>
          <TaxWords />
          <Arrival centred />
          <MarketNote />
        </div>
      </section>
      {/* The end of the first view: the browser paints nothing before it (meta.ts, firstView). */}
      <span id={FIRST_VIEW_ID} hidden />

      {/* Top-aligned, not centred: on a slow connection the page paints while the copy is
          still streaming in, and a centred column would move up as each line arrives. */}
      <section
        aria-label="The blanket"
        className="mx-auto grid max-w-6xl gap-10 px-4 py-10 md:grid-cols-2 md:items-start"
      >
        <HeroGallery />
        <SoftnessCopy />
      </section>

      <BenefitStrip />
      <Characters />
      <LifestyleCarousel />
      <Testimonials />

      <section className="px-4 py-16 text-center">
        <ClosingCopy />
        <BuyButton className="mt-8">
          <OrderWords />
        </BuyButton>
        <p className="mt-3 text-sm font-semibold text-stone-600">yes, shipping is included</p>
        <TaxWords />
        <MarketNote />
      </section>
    </>
  )
}

/**
 * The order buttons' words: the spec's in the store's primary market, else the same words with
 * the blanket's price in the page's market ('Only CA$52 – Order Now!'). No price at all until
 * the page's product says which market it is priced in, so a shopper abroad never reads dollars.
 */
function OrderWords() {
  return (
    <Suspense fallback="Order Now!">
      <PricedOrderWords />
    </Suspense>
  )
}

/** The words the Worker wrote for the page's market (components/market-words.ts); the spec's where it could not tell the market. */
function PricedOrderWords() {
  const resource = use(ProductContext)
  return (resource && use(resource).market?.order) ?? 'Only $38 – Order Now!'
}

function LandingProductData() {
  const resource = use(ProductContext)
  return resource ? <ProductData result={use(resource)} /> : null
}
