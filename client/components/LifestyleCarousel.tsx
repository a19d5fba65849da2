import { lifestyleImages } from '../content/landing'
import { Carousel, Slide, slidePicture } from './Carousel'
import { LIFESTYLE_CAROUSEL_ID } from './carousel-ids'

/** The blanket in everyday pictures, below the fold. No controls of React's: Splide adds the dots when it mounts. */
export function LifestyleCarousel() {
  return (
    <section aria-labelledby="lifestyle-title" className="mx-auto max-w-4xl px-4 py-14">
      <h2 id="lifestyle-title" className="mb-8 text-center text-3xl font-extrabold text-stone-900">Wherever the day goes</h2>
      <Carousel id={LIFESTYLE_CAROUSEL_ID} label="The blanket in everyday life" interval={2000} className="lifestyle">
        {lifestyleImages.map((image, i) => (
          <Slide key={image.src}>
            <img {...slidePicture(image.src, i)} alt={image.alt} width={1600} height={1000} loading={i === 0 ? 'lazy' : undefined} className="aspect-[8/5] w-full bg-orange-50" />
          </Slide>
        ))}
      </Carousel>
    </section>
  )
}
