// The blanket's pictures and facts, shown at the top of the landing and product pages (SPEC §3 'Local content').

export type CarouselImage = { src: string; alt: string }

export const heroImages: CarouselImage[] = [
  { src: '/images/blanket-1.svg', alt: 'The Square Friends blanket spread flat, showing all six animals' },
  { src: '/images/blanket-2.svg', alt: 'The blanket folded in a neat square on a nursery chair' },
  { src: '/images/blanket-3.svg', alt: 'Close-up of the octopus and koala print on soft fleece' },
  { src: '/images/blanket-4.svg', alt: 'The blanket draped over the side of a toddler bed' },
  { src: '/images/blanket-5.svg', alt: 'The blanket rolled up with a ribbon, ready to give as a gift' },
]

/** The blanket's facts, as on the product page's 'Product Details' (SPEC §2). */
export const productDetails: { label: string; value: string }[] = [
  { label: 'Dimensions', value: '30" × 40" (76.2 × 101.6 cm)' },
  { label: 'Material', value: '100% polyester' },
  { label: 'Weight', value: 'Medium-heavy, 290 g/m²' },
  { label: 'Print', value: 'One-sided print' },
  { label: 'Care', value: 'Machine-washable, tumble dry low (max 30°C)' },
  { label: 'Production', value: 'Made on demand, processing 2-5 business days' },
]
