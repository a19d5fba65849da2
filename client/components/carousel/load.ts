import { takeHeldTaps } from '../../lib/held-taps.ts'
import type { CarouselName } from './names.ts'
import { carouselWanted, takeWake } from './wake.ts'

/**
 * Loads a carousel's code (`load`) once it is wanted (`carouselWanted`). Should the code not
 * come, the carousel is left as the server drew it, less its dots (`carouselLost`), and the
 * error goes on to the section that asked (lib/deferred-section.tsx keeps its HTML).
 */
export function loadCarousel<T>(carousel: CarouselName, load: () => Promise<T>): Promise<T> {
  return carouselWanted(carousel)
    .then(load)
    .catch((error: unknown) => {
      carouselLost(carousel)
      throw error
    })
}

/**
 * The carousel's code could not be fetched: the server's first picture stays, and its dots,
 * which nothing can carry out now, go, with any tap held on them.
 */
function carouselLost({ id }: CarouselName) {
  takeWake(id)
  const root = document.getElementById(id)
  if (!root) return
  takeHeldTaps(root)
  root.querySelector('[role="tablist"], .splide__pagination')?.remove()
}
