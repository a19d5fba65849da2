import { Suspense } from 'react'
import { ShippingAndReturns } from '../../components/ShippingAndReturns.tsx'
import { HANDLING_DAYS } from '../../content/delivery.ts'
import { daySpan } from '../../content/policies.ts'
import { productDetails } from '../../content/product-details.ts'

export { Characters } from '../../components/Characters.tsx'
export { Testimonials } from '../../components/Testimonials.tsx'

// The landing page's words and pictures, which need no code in the browser: LandingPage
// shows them as static sections, beside the order buttons that hydrate with the page.

export function HeroCopy() {
  return (
    <>
      <h1 className="text-4xl font-extrabold leading-tight tracking-tight text-stone-900 md:text-6xl">
        The blanket every little one wants to hug
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700">
        Six square animal friends on thick, soft fleece that stays bright wash after wash. Made for naps, car rides and
        every cuddle in between.
      </p>
    </>
  )
}

export function SoftnessCopy() {
  return (
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
              <strong className="text-stone-900">{detail.label}:</strong>{' '}
              <span className="text-stone-700">{detail.value}</span>
            </span>
          </li>
        ))}
      </ul>
      {/* Drawn once the product's answer names where the shop ships: a static section's
          inside, which the browser keeps as the server drew it. */}
      <Suspense fallback={null}>
        <ShippingAndReturns />
      </Suspense>
    </div>
  )
}

export function ClosingCopy() {
  return (
    <>
      <h2 className="text-3xl font-extrabold text-stone-900">Ready for bedtime?</h2>
      <p className="mt-2 text-stone-600">Made on demand and on its way in {daySpan(HANDLING_DAYS)} business days.</p>
    </>
  )
}
