import { testimonials } from '../content/landing.ts'
import { StarIcon } from './story-icons.tsx'

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-title" className="below-fold-736-296 bg-stone-50 py-14">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="testimonials-title" className="text-center text-3xl font-extrabold text-stone-900">
          Loved at bedtime
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li key={t.name} className="flex flex-col rounded-3xl bg-white p-6 shadow-sm" data-testid="testimonial">
              <p className="flex text-amber-500" role="img" aria-label="5 out of 5 stars">
                {[1, 2, 3, 4, 5].map((i) => (
                  <StarIcon key={i} width={20} height={20} />
                ))}
              </p>
              <blockquote className="mt-4 flex-1 text-stone-700">“{t.quote}”</blockquote>
              <p className="mt-4 font-bold text-stone-900">
                {t.name} <span className="font-normal text-stone-600">· {t.location}</span>
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
