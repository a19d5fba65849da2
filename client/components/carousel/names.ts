/**
 * The two carousels, known before their code loads: the root's id, and how long each picture
 * shows before the carousel moves on (docs/product.md: 3000 ms for the hero, 2000 ms for the lifestyle).
 */
export const HERO_CAROUSEL = { id: 'hero-carousel', interval: 3000 } as const
export const LIFESTYLE_CAROUSEL = { id: 'lifestyle-carousel', interval: 2000 } as const
export type CarouselName = typeof HERO_CAROUSEL | typeof LIFESTYLE_CAROUSEL
