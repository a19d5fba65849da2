import { heroImages } from '../content/product'
import { Carousel, Slide } from './Carousel'
import { Gallery } from './Gallery'

/** Five product pictures: a carousel on phones, a large image with thumbnails on wider screens. */
export function HeroGallery() {
  return (
    <div>
      <div className="md:hidden" data-testid="hero-carousel">
        <Carousel label="Photos of the blanket" interval={3000}>
          {heroImages.map((image, i) => (
            <Slide key={image.src}>
              <img
                src={image.src}
                alt={image.alt}
                width={1200}
                height={1200}
                className="aspect-square w-full bg-orange-50"
                fetchPriority={i === 0 ? 'high' : 'auto'}
                loading={i === 0 ? 'eager' : 'lazy'}
              />
            </Slide>
          ))}
        </Carousel>
      </div>
      <div className="hidden md:block">
        <Gallery images={heroImages} testId="hero-gallery" />
      </div>
    </div>
  )
}
