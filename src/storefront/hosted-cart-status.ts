import { z } from 'zod'
import type { StorefrontConfig } from '../config.ts'
import { storefrontFetch } from './client.ts'

// Shopify answers null for a cart that was checked out (completed) or has expired.
export const CART_STATUS_QUERY = /* GraphQL */ `
  query CartStatus($id: ID!) {
    cart(id: $id) {
      id
      totalQuantity
    }
  }
`

const cartStatusData = z.object({ cart: z.object({ id: z.string(), totalQuantity: z.number().int() }).nullable() })

/** 'open' while Shopify still has the hosted cart; 'gone' once it was bought or expired. */
export async function fetchCartStatus(
  config: StorefrontConfig,
  cartId: string,
  buyerIp?: string | null,
): Promise<'open' | 'gone'> {
  const data = await storefrontFetch(config, {
    query: CART_STATUS_QUERY,
    variables: { id: cartId },
    data: cartStatusData,
    buyerIp,
  })
  return data.cart ? 'open' : 'gone'
}
