import type { Image } from '../model/product.ts'
import { squareSrcSet } from '../lib/pictures.ts'
import { loadingAttributes, placeholder, type PictureLoading } from './picture-attributes.ts'

/**
 * A Shopify picture drawn in a square box, resized and cropped by Shopify's CDN. A picture
 * hosted elsewhere, or of unknown size, keeps the same box: only the `srcset` is missing.
 */
export function ShopifyPicture({
  image,
  alt,
  largest,
  ...loading
}: { image: Pick<Image, 'url'> & Partial<Image>; alt: string } & PictureLoading) {
  const sized = squareSrcSet(image.url, image.width, largest)
  return (
    <img
      src={sized?.src ?? image.url}
      srcSet={sized?.srcSet}
      sizes={sized ? loading.sizes : undefined}
      alt={alt}
      width={1200}
      height={1200}
      style={placeholder(image.placeholder)}
      className={loading.className}
      data-testid={loading.testId}
      {...loadingAttributes(loading)}
    />
  )
}
