/**
 * Splide's markup as Splide draws it, for the server to draw before Splide mounts: its ids,
 * classes and labels, the same in Carousel.tsx's options and in ServerDots.tsx.
 */

/** Splide's id for a slide (its `pad`: two digits). */
export const slideId = (carousel: string, index: number) => `${carousel}-slide${String(index + 1).padStart(2, '0')}`

export const PAGINATION_CLASS = 'splide__pagination absolute inset-x-0 bottom-0 flex justify-center'
// A 24 × 24 px tap target (WCAG 2.2, 2.5.8) around a 12 px dot: the padding and a
// transparent border (the dot's edge in forced colours) are part of the button, the
// background only fills its content box.
export const PAGE_CLASS =
  'splide__pagination__page h-6 w-6 rounded-full border border-transparent bg-clip-content p-[5px] bg-stone-300 transition [&.is-active]:w-10 [&.is-active]:bg-orange-600 aria-busy:bg-orange-400'
export const SLIDE_LABEL = 'Picture %s'
export const SLIDE_OF = '%s of %s'
export const SELECT_LABEL = 'Select a slide to show'
