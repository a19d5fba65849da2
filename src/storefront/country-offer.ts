import { z } from 'zod'
import type { Money, Product } from '../../client/model/product.ts'
import type { StorefrontConfig } from '../config.ts'
import { storefrontFetch } from './client.ts'

// The product's prices as Shopify sells it in one country: `@inContext(country:)` answers in
// that country's market and currency (a price list, or Shopify's conversion), which is what
// the checkout of a cart made there charges. Asked only for a country with a market of its
// own that is not the primary one: elsewhere Shopify prices in the store's currency, as the
// product itself is kept.
// Stryker disable next-line StringLiteral: the document is checked against Shopify's schema instead (test/unit/graphql-documents.test.ts)
export const COUNTRY_OFFER_QUERY = /* GraphQL */ `
  query CountryOffer($handle: String!, $country: CountryCode!) @inContext(country: $country) {
    product(handle: $handle) {
      priceRange {
        minVariantPrice {
          amount
          currencyCode
        }
      }
      variants(first: 10) {
        nodes {
          id
          price {
            amount
            currencyCode
          }
        }
      }
    }
  }
`

const money = z.object({ amount: z.string(), currencyCode: z.string() })
const countryOfferData = z.object({
  product: z
    .object({
      priceRange: z.object({ minVariantPrice: money }),
      variants: z.object({ nodes: z.array(z.object({ id: z.string(), price: money })) }),
    })
    .nullable(),
})

/** The prices of one product in one country; null when the shop has no such product there. */
export type CountryOffer = { minVariantPrice: Money; prices: Record<string, Money> }

export async function fetchCountryOffer(
  config: StorefrontConfig,
  handle: string,
  country: string,
  buyerIp?: string | null,
): Promise<CountryOffer | null> {
  const data = await storefrontFetch(config, {
    query: COUNTRY_OFFER_QUERY,
    variables: { handle, country },
    data: countryOfferData,
    buyerIp,
  })
  if (!data.product) return null
  return {
    minVariantPrice: data.product.priceRange.minVariantPrice,
    prices: Object.fromEntries(data.product.variants.nodes.map((variant) => [variant.id, variant.price])),
  }
}

/**
 * The product with its prices in the country's: a variant the offer does not name (added
 * since) has no price there, and is left out rather than shown in another currency.
 */
export function priceIn(product: Product, offer: CountryOffer): Product {
  return {
    ...product,
    priceRange: { minVariantPrice: offer.minVariantPrice },
    variants: product.variants.flatMap((variant) =>
      offer.prices[variant.id] ? [{ ...variant, price: offer.prices[variant.id]! }] : [],
    ),
  }
}
