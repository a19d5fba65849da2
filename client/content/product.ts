// The blanket's pictures, at the top of the landing page.

export type CarouselImage = { src: string; alt: string }

export const heroImages: CarouselImage[] = [
  { src: '/images/blanket-1.svg', alt: 'The Square Friends blanket spread flat, showing all six animals' },
  { src: '/images/blanket-2.svg', alt: 'The blanket folded in a neat square on a nursery chair' },
  { src: '/images/blanket-3.svg', alt: 'Close-up of the octopus and koala print on soft fleece' },
  { src: '/images/blanket-4.svg', alt: 'The blanket draped over the side of a toddler bed' },
  { src: '/images/blanket-5.svg', alt: 'The blanket rolled up with a ribbon, ready to give as a gift' },
]
