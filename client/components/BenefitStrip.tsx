import { staticSection } from '../lib/deferred-section'
import { OrderButton } from './OrderButton'

// The heading and list are only words and pictures, never hydrated; the button is
// hydrated with the page.
const Benefits = staticSection(() => import('./BenefitList').then((m) => m.BenefitList))

export function BenefitStrip() {
  return (
    <section aria-labelledby="benefits-title" className="bg-orange-50 py-14">
      <div className="mx-auto max-w-6xl px-4 text-center">
        <Benefits />
        <OrderButton className="mt-10">Snuggles start here!</OrderButton>
      </div>
    </section>
  )
}
