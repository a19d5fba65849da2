import { z } from 'zod'
import type { StorefrontConfig } from '../config'
import { storefrontFetch } from './client'
import type { Product } from '../../domain/product'

// `product(handle:)` replaces the deprecated `productByHandle` in 2025-07; `reshapeProduct`
// turns the answer into the shop's Product (types.ts). Only the fields the shop shows or
// sends to checkout are asked for: the blanket's options (one size, one print) are not,
// since no page offers a choice of them.
export const PRODUCT_QUERY = /* GraphQL */ `
  query ProductByHandle($handle: String!) {
    product(handle: $handle) {
      id
      title
      description
      handle
      priceRange {
        minVariantPrice {
          amount
          currencyCode
        }
      }
      images(first: 10) {
        nodes {
          url
          altText
        }
      }
      variants(first: 10) {
        nodes {
          id
          title
          availableForSale
          price {
            amount
            currencyCode
          }
          selectedOptions {
            name
            value
          }
          image {
            url
            altText
          }
        }
      }
    }
  }
`

const money = z.object({ amount: z.string(), currencyCode: z.string() })

const productData = z.object({
  product: z
    .object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      handle: z.string(),
      priceRange: z.object({ minVariantPrice: money }),
      images: z.object({ nodes: z.array(z.object({ url: z.url(), altText: z.string().nullable() })) }),
      variants: z.object({
        nodes: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            availableForSale: z.boolean(),
            price: money,
            selectedOptions: z.array(z.object({ name: z.string(), value: z.string() })),
            image: z.object({ url: z.url(), altText: z.string().nullable() }).nullable(),
          }),
        ),
      }),
    })
    .nullable(),
})

type ProductData = z.infer<typeof productData>

export function reshapeProduct(product: NonNullable<ProductData['product']>): Product {
  return {
    ...product,
    images: product.images.nodes,
    variants: product.variants.nodes,
  }
}

/** The product with this handle, or null when the shop has none. */
export async function fetchProduct(
  config: StorefrontConfig,
  handle: string,
  buyerIp?: string | null,
): Promise<Product | null> {
  const data = await storefrontFetch(config, { query: PRODUCT_QUERY, variables: { handle }, data: productData, buyerIp })
  return data.product ? reshapeProduct(data.product) : null
}
