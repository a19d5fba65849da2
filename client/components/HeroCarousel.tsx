import { heroImages } from '../content/product'
import { Carousel, Slide, slidePicture } from './Carousel'
import { HERO_CAROUSEL_ID } from './carousel-ids'

/** The phone's view of the five product pictures. No controls of React's: Splide adds the dots when it mounts. */
export function HeroCarousel() {
  return (
    <Carousel id={HERO_CAROUSEL_ID} label="Photos of the blanket" interval={3000}>
      {heroImages.map((image, i) => (
        <Slide key={image.src}>
          <img
            {...slidePicture(image.src, i)}
            alt={image.alt}
            width={1200}
            height={1200}
            className="aspect-square w-full bg-orange-50"
            fetchPriority={i === 0 ? 'high' : undefined}
          />
        </Slide>
      ))}
    </Carousel>
  )
}
