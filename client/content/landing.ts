// The landing page's story below the fold.

import { photo } from './photos.ts'
import type { CarouselImage } from './product.ts'

export type Character = { name: string; image: string; colour: string; blurb: string }
export type Testimonial = { name: string; location: string; quote: string }

export const lifestyleImages: CarouselImage[] = [
  { photo: photo('lifestyle-1'), alt: 'A toddler tucked in under the blanket for an afternoon nap' },
  { photo: photo('lifestyle-2'), alt: 'The blanket spread on the grass for a family picnic in the park' },
  { photo: photo('lifestyle-3'), alt: 'A parent and child reading a book under the blanket on the sofa' },
  { photo: photo('lifestyle-4'), alt: 'The blanket keeping a little one cosy in the stroller on a walk' },
  { photo: photo('lifestyle-5'), alt: 'A child opening a gift box with the rolled blanket inside' },
]

export const characters: Character[] = [
  {
    name: 'Octopus',
    image: '/images/characters.svg#octopus',
    colour: '#8b5cf6',
    blurb: 'Eight arms, all for hugging.',
  },
  { name: 'Koala', image: '/images/characters.svg#koala', colour: '#94a3b8', blurb: 'Professional napper.' },
  { name: 'Cheetah', image: '/images/characters.svg#cheetah', colour: '#f59e0b', blurb: 'Fastest to bedtime.' },
  { name: 'Hippo', image: '/images/characters.svg#hippo', colour: '#f472b6', blurb: 'Big smile, bigger cuddles.' },
  { name: 'Elephant', image: '/images/characters.svg#elephant', colour: '#38bdf8', blurb: 'Never forgets a story.' },
  { name: 'Crab', image: '/images/characters.svg#crab', colour: '#ef4444', blurb: 'Sideways into sweet dreams.' },
]

export const testimonials: Testimonial[] = [
  {
    name: 'Sarah',
    location: 'Portland',
    quote: 'My daughter named every animal in the first five minutes. The koala has not left her bed since.',
  },
  {
    name: 'Miguel',
    location: 'Austin',
    quote:
      'Bought it as a baby-shower gift and ended up ordering a second one for us. Soft, bright, and it survives the washer.',
  },
  {
    name: 'Hannah',
    location: 'Leeds',
    quote: 'It goes to nursery, to grandma’s and on every car trip. Still looks new after months of love.',
  },
]
