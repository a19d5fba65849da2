import type { Product } from '../model/product.ts'
import type { CartItem } from '../model/cart.ts'

/**
 * The line the shop adds on every order click: the first variant, quantity 1,
 * pictured by the variant's own image when it has one.
 */
export function firstVariantLine(product: Product): CartItem | null {
  const variant = product.variants[0]
  if (!variant) return null
  const image = variant.image ?? product.images[0]
  return {
    variantId: variant.id,
    variantTitle: variant.title,
    quantity: 1,
    price: variant.price,
    selectedOptions: variant.selectedOptions,
    product: {
      title: product.title,
      handle: product.handle,
      images: { edges: image ? [{ node: { url: image.url, altText: image.altText } }] : [] },
    },
  }
}
