import { heroImages } from '../content/product'
import { deferredSection } from '../lib/deferred-section'
import { Gallery } from './Gallery'

const HeroCarousel = deferredSection(() => import('./HeroCarousel').then((m) => m.HeroCarousel))

/** Five product pictures: a carousel on phones, a large image with thumbnails on wider screens. */
export function HeroGallery() {
  return (
    <div>
      <div className="md:hidden" data-testid="hero-carousel">
        <HeroCarousel />
      </div>
      <div className="hidden md:block">
        <Gallery images={heroImages} testId="hero-gallery" />
      </div>
    </div>
  )
}

HeroGallery.preload = HeroCarousel.preload
