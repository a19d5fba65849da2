import { heroImages } from '../content/product.ts'
import { deferredSection } from '../lib/deferred-section.tsx'
import { loadCarousel } from './carousel/load.ts'
import { HERO_CAROUSEL } from './carousel/names.ts'
import { Gallery, type DrawPicture } from './Gallery.tsx'
import { ShopPhoto } from './ShopPhoto.tsx'
import type { CarouselImage } from '../content/product.ts'

const HeroPicture: DrawPicture<CarouselImage> = ({ picture, ...rest }) => <ShopPhoto photo={picture.photo} {...rest} />

// Splide comes with the carousel's code, fetched only once the carousel's first move is due
// or the shopper reaches for it: never on a desktop, where the gallery shows instead.
const HeroCarousel = deferredSection(() =>
  loadCarousel(HERO_CAROUSEL, () => import('./HeroCarousel.tsx')).then((m) => m.HeroCarousel),
)

/** Five product pictures: a carousel on phones, a large image with thumbnails on wider screens. */
export function HeroGallery() {
  return (
    <div>
      <div className="md:hidden" data-testid="hero-carousel">
        <HeroCarousel />
      </div>
      <div className="hidden md:block">
        <Gallery pictures={heroImages} Picture={HeroPicture} priority testId="hero-gallery" />
      </div>
    </div>
  )
}
