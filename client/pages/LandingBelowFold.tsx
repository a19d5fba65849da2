import { BenefitStrip } from '../components/BenefitStrip'
import { Carousel, Slide } from '../components/Carousel'
import { Characters } from '../components/Characters'
import { OrderButton } from '../components/OrderButton'
import { Testimonials } from '../components/Testimonials'
import { lifestyleImages } from '../content/landing'

/** Everything on the landing page below the hero and the blanket's details. */
export function LandingBelowFold() {
  return (
    <>
      <BenefitStrip />
      <Characters />

      <section aria-labelledby="lifestyle-title" className="mx-auto max-w-4xl px-4 py-14">
        <h2 id="lifestyle-title" className="mb-8 text-center text-3xl font-extrabold text-stone-900">Wherever the day goes</h2>
        <Carousel label="The blanket in everyday life" interval={2000} className="lifestyle">
          {lifestyleImages.map((image) => (
            <Slide key={image.src}>
              <img src={image.src} alt={image.alt} width={1600} height={1000} loading="lazy" className="aspect-[8/5] w-full bg-orange-50" />
            </Slide>
          ))}
        </Carousel>
      </section>

      <Testimonials />

      <section className="py-16 text-center">
        <h2 className="text-3xl font-extrabold text-stone-900">Ready for bedtime?</h2>
        <p className="mt-2 text-stone-600">Made on demand and on its way in 2-5 business days.</p>
        <OrderButton className="mt-8">Only $38 – Order Now!</OrderButton>
        <p className="mt-3 text-sm font-semibold text-stone-600">yes, shipping is included</p>
      </section>
    </>
  )
}
