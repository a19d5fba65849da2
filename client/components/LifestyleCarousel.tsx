import { lifestyleImages } from '../content/landing.ts'
import { Carousel, SlidePhoto } from './carousel/Carousel.tsx'
import { LIFESTYLE_CAROUSEL } from './carousel/names.ts'

// Drawn across the section: max-w-4xl less px-4 on each side.
const LIFESTYLE_SIZES = '(min-width: 896px) 864px, calc(100vw - 32px)'

/** The blanket in everyday pictures, below the fold. No controls of React's: Splide draws the dots (Carousel.tsx). */
export function LifestyleCarousel() {
  return (
    <section aria-labelledby="lifestyle-title" className="below-fold-360-640 mx-auto max-w-4xl px-4 py-14">
      <h2 id="lifestyle-title" className="mb-8 text-center text-3xl font-extrabold text-stone-900">
        Wherever the day goes
      </h2>
      <Carousel carousel={LIFESTYLE_CAROUSEL} label="The blanket in everyday life" className="lifestyle">
        {lifestyleImages.map((image, i) => (
          <SlidePhoto
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered: the index is the slide
            key={i}
            image={image}
            index={i}
            sizes={LIFESTYLE_SIZES}
            lazy
            className="block aspect-[8/5] w-full"
          />
        ))}
      </Carousel>
    </section>
  )
}
