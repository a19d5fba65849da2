import { staticSection } from '../lib/deferred-section.tsx'
import { BuyButton } from './BuyButton.tsx'

// The heading and list are words and pictures, off the critical path; the button hydrates
// with the page.
const Benefits = staticSection(() => import('./BenefitList.tsx').then((m) => m.BenefitList))

export function BenefitStrip() {
  return (
    <section aria-labelledby="benefits-title" className="below-fold-808-344 bg-orange-50 py-14">
      <div className="mx-auto max-w-6xl px-4 text-center">
        <Benefits />
        <BuyButton className="mt-10">Snuggles start here!</BuyButton>
      </div>
    </section>
  )
}
