import { useState } from 'react'
import { heroImages } from '../content/shop-content'
import { Carousel, Slide } from './Carousel'

/** Five product pictures: a carousel on phones, a large image with thumbnails on wider screens. */
export function HeroGallery() {
  const [selected, setSelected] = useState(0)
  const current = heroImages[selected]!
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
      <div className="hidden md:block" data-testid="hero-gallery">
        <img src={current.src} alt={current.alt} width={1200} height={1200} className="aspect-square w-full rounded-3xl bg-orange-50" />
        <div className="mt-3 grid grid-cols-5 gap-3">
          {heroImages.map((image, i) => (
            <button
              key={image.src}
              type="button"
              onClick={() => setSelected(i)}
              aria-label={`Show photo ${i + 1}: ${image.alt}`}
              aria-pressed={i === selected}
              className={`overflow-hidden rounded-xl border-2 ${i === selected ? 'border-orange-600' : 'border-transparent'}`}
            >
              <img src={image.src} alt="" width={240} height={240} loading="lazy" className="aspect-square w-full bg-orange-50" />
            </button>
          ))}
        </div>
      </div>
    </div>
  )
}
