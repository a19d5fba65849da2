import { preload } from 'react-dom'
import type { Photo } from '../model/photo.ts'
import { upTo } from '../lib/pictures.ts'
import { loadingAttributes, placeholder, type PictureLoading } from './picture-attributes.ts'

/** One of the shop's own photographs: WebP where the browser takes it, JPEG otherwise. */
export function ShopPhoto({
  photo,
  alt,
  largest = Infinity,
  ...loading
}: { photo: Photo; alt: string } & PictureLoading) {
  // React preloads a high-priority <img> on its own (a <link> at the top of the head, which
  // the browser meets before the inline stylesheet), but not one inside a <picture>.
  if (loading.priority)
    preload(photo.src, {
      as: 'image',
      type: 'image/webp',
      imageSrcSet: upTo(photo.srcSet.webp, largest),
      imageSizes: loading.sizes,
      fetchPriority: 'high',
    })
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
