import { benefits } from '../content/benefits.ts'
import { benefitIcons } from './benefit-icons.tsx'

/** The benefit strip's words and pictures; BenefitStrip adds the button. */
export function BenefitList() {
  return (
    <>
      <h2 id="benefits-title" className="text-3xl font-extrabold text-stone-900">
        Why little ones love it
      </h2>
      <ul className="mt-10 grid grid-cols-2 gap-6 text-left md:grid-cols-5">
        {benefits.map((benefit) => {
          const Icon = benefitIcons[benefit.icon]
          return (
            <li key={benefit.title} className="rounded-2xl bg-white p-5 shadow-sm last:col-span-2 md:last:col-span-1">
              <Icon className="text-orange-600" width={28} height={28} />
              <h3 className="mt-3 font-extrabold text-stone-900">{benefit.title}</h3>
              <p className="mt-1 text-sm text-stone-600">{benefit.description}</p>
            </li>
          )
        })}
      </ul>
    </>
  )
}
