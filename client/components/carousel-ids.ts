/** Each carousel's root id: its section waits for that element to come near the screen (lib/near-screen.ts). */
export const HERO_CAROUSEL_ID = 'hero-carousel'
export const LIFESTYLE_CAROUSEL_ID = 'lifestyle-carousel'
