import { z } from 'zod'
import type { Money } from '../../client/model/product'
import type { StorefrontConfig } from '../config'
import { storefrontFetch } from './client'

// The first variant's price (the one the buy buttons add) as Shopify sells it in a country:
// `@inContext(country:)` answers in that country's market and currency, or in the primary
// market's where the shop has no market for it.
// Stryker disable next-line StringLiteral: the document is checked against Shopify's schema instead (test/unit/graphql-documents.test.ts)
export const COUNTRY_OFFER_QUERY = /* GraphQL */ `
  query CountryOffer($handle: String!, $country: CountryCode!) @inContext(country: $country) {
    product(handle: $handle) {
      variants(first: 1) {
        nodes {
          price {
            amount
            currencyCode
          }
        }
      }
    }
  }
`

const countryOfferData = z.object({
  product: z.object({ variants: z.object({ nodes: z.array(z.object({ price: z.object({ amount: z.string(), currencyCode: z.string() }) })) }) }).nullable(),
})

/** The first variant's price in `country`; null when the shop has no such product or it has no variant. */
export async function fetchCountryPrice(config: StorefrontConfig, handle: string, country: string, buyerIp?: string | null): Promise<Money | null> {
  const data = await storefrontFetch(config, { query: COUNTRY_OFFER_QUERY, variables: { handle, country }, data: countryOfferData, buyerIp })
  return data.product?.variants.nodes[0]?.price ?? null
}
