// The shop's own words and pictures (SPEC §3 'Local content').

export type CarouselImage = { src: string; alt: string }
export type Character = { name: string; image: string; colour: string; blurb: string }
export type Benefit = { icon: 'palette' | 'cloud' | 'shield' | 'heart' | 'sparkle'; title: string; description: string }
export type Testimonial = { name: string; location: string; quote: string }

export const heroImages: CarouselImage[] = [
  { src: '/images/blanket-1.svg', alt: 'The Square Friends blanket spread flat, showing all six animals' },
  { src: '/images/blanket-2.svg', alt: 'The blanket folded in a neat square on a nursery chair' },
  { src: '/images/blanket-3.svg', alt: 'Close-up of the octopus and koala print on soft fleece' },
  { src: '/images/blanket-4.svg', alt: 'The blanket draped over the side of a toddler bed' },
  { src: '/images/blanket-5.svg', alt: 'The blanket rolled up with a ribbon, ready to give as a gift' },
]

export const lifestyleImages: CarouselImage[] = [
  { src: '/images/lifestyle-1.svg', alt: 'A toddler tucked in under the blanket for an afternoon nap' },
  { src: '/images/lifestyle-2.svg', alt: 'The blanket spread on the grass for a family picnic in the park' },
  { src: '/images/lifestyle-3.svg', alt: 'A parent and child reading a book under the blanket on the sofa' },
  { src: '/images/lifestyle-4.svg', alt: 'The blanket keeping a little one cosy in the stroller on a walk' },
  { src: '/images/lifestyle-5.svg', alt: 'A child opening a gift box with the rolled blanket inside' },
]

export const characters: Character[] = [
  { name: 'Octopus', image: '/images/character-octopus.svg', colour: '#8b5cf6', blurb: 'Eight arms, all for hugging.' },
  { name: 'Koala', image: '/images/character-koala.svg', colour: '#94a3b8', blurb: 'Professional napper.' },
  { name: 'Cheetah', image: '/images/character-cheetah.svg', colour: '#f59e0b', blurb: 'Fastest to bedtime.' },
  { name: 'Hippo', image: '/images/character-hippo.svg', colour: '#f472b6', blurb: 'Big smile, bigger cuddles.' },
  { name: 'Elephant', image: '/images/character-elephant.svg', colour: '#38bdf8', blurb: 'Never forgets a story.' },
  { name: 'Crab', image: '/images/character-crab.svg', colour: '#ef4444', blurb: 'Sideways into sweet dreams.' },
]

export const benefits: Benefit[] = [
  { icon: 'palette', title: 'Vibrant Colors', description: 'Six bright friends printed to stay bright, wash after wash.' },
  { icon: 'cloud', title: 'Super Soft', description: 'Thick fleece that feels like a hug on small cheeks.' },
  { icon: 'shield', title: 'Extra Durable', description: 'Strong stitching for tugging, dragging and fort-building.' },
  { icon: 'heart', title: 'Mom-Friendly', description: 'Into the machine, out of the dryer, back in their arms.' },
  { icon: 'sparkle', title: 'Made to Last', description: 'A blanket they keep long after they have outgrown the crib.' },
]

export const testimonials: Testimonial[] = [
  { name: 'Sarah', location: 'Portland', quote: 'My daughter named every animal in the first five minutes. The koala has not left her bed since.' },
  { name: 'Miguel', location: 'Austin', quote: 'Bought it as a baby-shower gift and ended up ordering a second one for us. Soft, bright, and it survives the washer.' },
  { name: 'Hannah', location: 'Leeds', quote: 'It goes to nursery, to grandma’s and on every car trip. Still looks new after months of love.' },
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

export const CONTACT_EMAIL = 'hello@squaresnuggles.com'
export const CONTACT_MESSAGE_URL = 'https://wa.me/15555550123'
