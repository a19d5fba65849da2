// The blanket's pictures, at the top of the landing page.

import type { Photo } from '../model/photo.ts'
import { photo } from './photos.ts'

export type CarouselImage = { photo: Photo; alt: string }

export const heroImages: CarouselImage[] = [
  { photo: photo('blanket-1'), alt: 'The Square Friends blanket spread flat, showing all six animals' },
  { photo: photo('blanket-2'), alt: 'The blanket folded in a neat square on a nursery chair' },
  { photo: photo('blanket-3'), alt: 'Close-up of the octopus and koala print on soft fleece' },
  { photo: photo('blanket-4'), alt: 'The blanket draped over the side of a toddler bed' },
  { photo: photo('blanket-5'), alt: 'The blanket rolled up with a ribbon, ready to give as a gift' },
]
