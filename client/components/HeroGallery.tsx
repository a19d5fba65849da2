import { heroImages } from '../content/product'
import { deferredSection } from '../lib/deferred-section'
import { nearScreen } from '../lib/near-screen'
import { HERO_CAROUSEL_ID } from './carousel-ids'
import { Gallery } from './Gallery'

// Splide comes with the carousel's code, fetched only once the carousel is near the screen:
// never on a desktop, where the gallery shows instead.
const HeroCarousel = deferredSection(() =>
  nearScreen(HERO_CAROUSEL_ID)
    .then(() => import('./HeroCarousel'))
    .then((m) => m.HeroCarousel),
)

/** Five product pictures: a carousel on phones, a large image with thumbnails on wider screens. */
export function HeroGallery() {
  return (
    <div>
      <div className="md:hidden" data-testid="hero-carousel">
        <HeroCarousel />
      </div>
      <div className="hidden md:block">
        <Gallery pictures={heroImages} priority testId="hero-gallery" />
      </div>
    </div>
  )
}
