/** The product as both sides see it, flattened: nothing above src/storefront sees edges/node. */

export type Money = { amount: string; currencyCode: string }
export type Image = {
  url: string
  altText: string | null
  /** The original's size; null when Shopify does not host the picture (and cannot resize it). */
  width: number | null
  height: number | null
  /** A colour to fill the picture's box until it arrives (from Shopify's ThumbHash). */
  placeholder: string | null
}
export type SelectedOption = { name: string; value: string }

export type Variant = {
  id: string
  title: string
  price: Money
  availableForSale: boolean
  /** The merchant's stock-keeping code, when Shopify has one. */
  sku: string | null
  /** Its GTIN (UPC, EAN, ISBN), when it has one: a blanket made on demand often has none. */
  barcode: string | null
  selectedOptions: SelectedOption[]
  /** The variant's own picture (a print, say), when it has one. */
  image: Image | null
}

export type Product = {
  id: string
  title: string
  description: string
  handle: string
  /** Who makes it, Shopify's `vendor`: the brand search engines are told. */
  vendor: string
  priceRange: { minVariantPrice: Money }
  images: Image[]
  variants: Variant[]
  /** Each option (Size, Print) and the values it takes. */
  options: { name: string; values: string[] }[]
}
