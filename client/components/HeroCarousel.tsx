import { heroImages } from '../content/product.ts'
import { Carousel, SlidePhoto } from './carousel/Carousel.tsx'
import { HERO_CAROUSEL } from './carousel/names.ts'
import { GALLERY_SIZES } from './Gallery.tsx'

/** The phone's view of the five product pictures. No controls of React's: Splide draws the dots (Carousel.tsx). */
export function HeroCarousel() {
  return (
    // The desktop's gallery shows the same first picture with the same sizes: one download for both.
    <Carousel carousel={HERO_CAROUSEL} label="Photos of the blanket">
      {heroImages.map((image, i) => (
        <SlidePhoto
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered: the index is the slide
          key={i}
          image={image}
          index={i}
          sizes={GALLERY_SIZES}
          priority
          className="block aspect-square w-full"
        />
      ))}
    </Carousel>
  )
}
