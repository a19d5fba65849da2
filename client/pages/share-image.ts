import { photo } from '../content/photos.ts'
import { shareSrc } from '../lib/pictures.ts'
import type { Image } from '../model/product.ts'

/** The landing's first photograph, cropped for social previews by the build. */
export const shopShareImage = (address: (path: string) => string) => address(photo('blanket-1').share)

/** A product's first picture cropped by Shopify's CDN, or the shop's own. */
export const productShareImage = (address: (path: string) => string, images: Image[]) =>
  (images[0] && shareSrc(images[0].url)) ?? shopShareImage(address)
