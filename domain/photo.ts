/**
 * One of the shop's own photographs as the build made it (scripts/photos/): its size, the
 * colour that fills its box until it arrives, `srcset` lists in WebP and JPEG, a JPEG for
 * browsers without `srcset`, and a 1200×630 JPEG for social previews. Paths are the shop's.
 */
export type Photo = {
  width: number
  height: number
  color: string
  src: string
  srcSet: { webp: string; jpeg: string }
  share: string
}
