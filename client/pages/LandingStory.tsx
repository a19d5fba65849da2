import { Carousel, Slide, slidePicture } from '../components/Carousel'
import { Characters } from '../components/Characters'
import { Testimonials } from '../components/Testimonials'
import { lifestyleImages } from '../content/landing'

/** The landing page's story below the fold: friends, everyday pictures, parents' words. No controls (see deferredSection). */
export function LandingStory() {
  return (
    <>
      <Characters />

      <section aria-labelledby="lifestyle-title" className="mx-auto max-w-4xl px-4 py-14">
        <h2 id="lifestyle-title" className="mb-8 text-center text-3xl font-extrabold text-stone-900">Wherever the day goes</h2>
        <Carousel label="The blanket in everyday life" interval={2000} className="lifestyle">
          {lifestyleImages.map((image, i) => (
            <Slide key={image.src}>
              <img {...slidePicture(image.src, i)} alt={image.alt} width={1600} height={1000} loading="lazy" className="aspect-[8/5] w-full bg-orange-50" />
            </Slide>
          ))}
        </Carousel>
      </section>

      <Testimonials />
    </>
  )
}
