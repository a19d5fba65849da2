/**
 * One of the shop's own photographs as the build lists it (scripts/photos/): its size, the
 * colour that fills its box until it arrives, and the hash its files are named by. The list
 * is in every page's JavaScript, so it holds only this; client/content/photos.ts spells out
 * the file names.
 */
export type PhotoEntry = { width: number; height: number; color: string; hash: string }

/** A photograph ready for the page: `srcset` lists in WebP and JPEG, a JPEG for browsers
 * without `srcset`, and a 1200×630 JPEG for social previews. Paths are the shop's. */
export type Photo = {
  width: number
  height: number
  color: string
  src: string
  srcSet: { webp: string; jpeg: string }
  share: string
}

/** Where the build writes a photograph's file, and where the page asks for it. */
export const photoFile = (name: string, hash: string, variant: number | 'share', ext: 'webp' | 'jpg') =>
  `assets/photos/${name}.${hash}-${variant}.${ext}`
