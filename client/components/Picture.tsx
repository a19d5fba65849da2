import type { CSSProperties } from 'react'
import { preload } from 'react-dom'
import type { Image } from '../../domain/product'
import type { Photo } from '../../domain/photo'
import { squareSrcSet, upTo } from '../lib/pictures'

/**
 * How a picture is asked for. `sizes` says how wide the layout draws it, so the browser can
 * take the smallest width that covers it from the `srcset`; `priority` marks the page's
 * largest picture (fetched first, never lazily); `lazy` one the shopper must scroll to.
 */
type Loading = { sizes: string; priority?: boolean; lazy?: boolean; className?: string; testId?: string; largest?: number }

const loadingAttributes = ({ priority, lazy }: Loading) => ({
  fetchPriority: priority ? ('high' as const) : undefined,
  loading: lazy && !priority ? ('lazy' as const) : undefined,
  decoding: 'async' as const,
})

// The box is the layout's (its class names, and the width and height attributes' ratio, so
// it is drawn before the picture arrives), and its colour the picture's own until it does.
const placeholder = (color: string | null | undefined): CSSProperties | undefined => (color ? { backgroundColor: color } : undefined)

/** One of the shop's own photographs: WebP where the browser takes it, JPEG otherwise. */
export function ShopPhoto({ photo, alt, largest = Infinity, ...loading }: { photo: Photo; alt: string } & Loading) {
  // React preloads a high-priority <img> on its own (a <link> at the top of the head, which
  // the browser meets before the inline stylesheet), but not one inside a <picture>.
  if (loading.priority) preload(photo.src, { as: 'image', type: 'image/webp', imageSrcSet: upTo(photo.srcSet.webp, largest), imageSizes: loading.sizes, fetchPriority: 'high' })
  return (
    <picture>
      <source type="image/webp" srcSet={upTo(photo.srcSet.webp, largest)} sizes={loading.sizes} />
      <img
        src={photo.src}
        srcSet={upTo(photo.srcSet.jpeg, largest)}
        sizes={loading.sizes}
        alt={alt}
        width={photo.width}
        height={photo.height}
        style={placeholder(photo.color)}
        className={loading.className}
        data-testid={loading.testId}
        {...loadingAttributes(loading)}
      />
    </picture>
  )
}

/**
 * A Shopify picture drawn in a square box, resized and cropped by Shopify's CDN. A picture
 * hosted elsewhere, or of unknown size, keeps the same box: only the `srcset` is missing.
 */
export function ShopifyPicture({ image, alt, largest, ...loading }: { image: Pick<Image, 'url'> & Partial<Image>; alt: string } & Loading) {
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
