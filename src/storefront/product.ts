import { z } from 'zod'
import type { StorefrontConfig } from '../config.ts'
import { storefrontFetch } from './client.ts'
import type { Image, Product } from '../../client/model/product.ts'
import { thumbHashToAverageRGBA } from 'thumbhash'

// Pictures come with their size (the box the page draws before they arrive) and ThumbHash
// (whose average colour fills that box); both are null for a picture Shopify does not host.
// `product(handle:)` replaces the deprecated `productByHandle`; `reshapeProduct`
// turns the answer into the shop's Product (client/model/product.ts): the fields docs/product.md's
// Product lists, options included (as `optionValues`, the field that replaced
// `values`), reshaped to `{ name, values }`.
// Where the shop sells is asked in the same call, with no `@inContext`, so that it is kept,
// refreshed and purged with the product (one Shopify call per freshness window): the countries
// it ships to (`shop.shipsToCountries`), the countries of its markets with each one's currency
// and languages (`localization.availableCountries`), and its primary market's country, which Shopify answers
// as `localization.country` when no country is given.
// Stryker disable next-line StringLiteral: the document is checked against Shopify's schema instead (test/unit/graphql-documents.test.ts)
export const PRODUCT_QUERY = /* GraphQL */ `
  query ProductByHandle($handle: String!) {
    shop {
      shipsToCountries
    }
    localization {
      country {
        isoCode
      }
      availableCountries {
        isoCode
        name
        currency {
          isoCode
        }
        availableLanguages {
          isoCode
        }
      }
    }
    product(handle: $handle) {
      id
      title
      description
      handle
      vendor
      updatedAt
      priceRange {
        minVariantPrice {
          amount
          currencyCode
        }
      }
      images(first: 10) {
        nodes {
          ...ProductImage
        }
      }
      options {
        name
        optionValues {
          name
        }
      }
      variants(first: 10) {
        nodes {
          id
          title
          availableForSale
          sku
          barcode
          price {
            amount
            currencyCode
          }
          selectedOptions {
            name
            value
          }
          image {
            ...ProductImage
          }
        }
      }
    }
  }
  fragment ProductImage on Image {
    url
    altText
    width
    height
    thumbhash
  }
`

const money = z.object({ amount: z.string(), currencyCode: z.string() })
const size = z.number().int().positive().nullable()
const imageData = z.object({
  url: z.url(),
  altText: z.string().nullable(),
  width: size,
  height: size,
  thumbhash: z.string().max(100).nullable(),
})

const shopMarketsData = {
  shop: z.object({ shipsToCountries: z.array(z.string()) }),
  localization: z.object({
    country: z.object({ isoCode: z.string() }),
    availableCountries: z.array(
      z.object({
        isoCode: z.string(),
        name: z.string(),
        currency: z.object({ isoCode: z.string() }),
        availableLanguages: z.array(z.object({ isoCode: z.string() })),
      }),
    ),
  }),
}

/**
 * Where the shop sells, from Shopify: the primary market's country, the countries it ships
 * to, and the countries of its markets, each with its name, currency and the languages its
 * checkout can be in.
 */
export type ShopMarkets = {
  primaryCountry: string
  shipsTo: string[]
  countries: { isoCode: string; name: string; currency: string; languages: string[] }[]
}

const productData = z.object({
  ...shopMarketsData,
  product: z
    .object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      handle: z.string(),
      vendor: z.string(),
      updatedAt: z.iso.datetime({ offset: true }),
      priceRange: z.object({ minVariantPrice: money }),
      images: z.object({ nodes: z.array(imageData) }),
      options: z.array(z.object({ name: z.string(), optionValues: z.array(z.object({ name: z.string() })) })),
      variants: z.object({
        nodes: z.array(
          z.object({
            id: z.string(),
            title: z.string(),
            availableForSale: z.boolean(),
            sku: z.string().nullable(),
            barcode: z.string().nullable(),
            price: money,
            selectedOptions: z.array(z.object({ name: z.string(), value: z.string() })),
            image: imageData.nullable(),
          }),
        ),
      }),
    })
    .nullable(),
})

type ProductData = z.infer<typeof productData>

/** The product as the pages read it; when it was last modified stays with the product's store. */
export function reshapeProduct({ updatedAt: _, ...product }: NonNullable<ProductData['product']>): Product {
  return {
    ...product,
    images: product.images.nodes.map(reshapeImage),
    options: product.options.map(({ name, optionValues }) => ({
      name,
      values: optionValues.map((value) => value.name),
    })),
    variants: product.variants.nodes.map((variant) => ({
      ...variant,
      image: variant.image && reshapeImage(variant.image),
    })),
  }
}

function reshapeImage({ thumbhash, ...image }: z.infer<typeof imageData>): Image {
  return { ...image, placeholder: thumbhash ? averageColour(thumbhash) : null }
}

/** The ThumbHash's average colour as `#rrggbb`, or null when it is not a ThumbHash. */
export function averageColour(thumbhash: string): string | null {
  try {
    const bytes = Uint8Array.from(atob(thumbhash), (c) => c.charCodeAt(0))
    if (bytes.length < 5) return null
    const { r, g, b } = thumbHashToAverageRGBA(bytes)
    return (
      '#' +
      [r, g, b]
        .map((v) =>
          Math.round(Math.min(1, Math.max(0, v)) * 255)
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')
    )
  } catch {
    return null
  }
}

function reshapeMarkets({ shop, localization }: Pick<ProductData, 'shop' | 'localization'>): ShopMarkets {
  return {
    primaryCountry: localization.country.isoCode,
    shipsTo: shop.shipsToCountries,
    countries: localization.availableCountries.map(({ isoCode, name, currency, availableLanguages }) => ({
      isoCode,
      name,
      currency: currency.isoCode,
      languages: availableLanguages.map((language) => language.isoCode),
    })),
  }
}

/**
 * The product with this handle (null when the shop has none), where the shop sells, and when
 * the product was last modified (ms; null with no product): what a webhook's refresh compares
 * with the edit it waits for.
 */
export async function fetchProduct(
  config: StorefrontConfig,
  handle: string,
  buyerIp?: string | null,
): Promise<{ product: Product | null; markets: ShopMarkets; updatedAt: number | null }> {
  const data = await storefrontFetch(config, {
    query: PRODUCT_QUERY,
    variables: { handle },
    data: productData,
    buyerIp,
  })
  return {
    product: data.product ? reshapeProduct(data.product) : null,
    markets: reshapeMarkets(data),
    updatedAt: data.product ? Date.parse(data.product.updatedAt) : null,
  }
}
