import { z } from 'zod'
import type { StorefrontConfig } from '../config'
import { StorefrontError, storefrontFetch } from './client'

/** A line of the cart to create: a variant and how many. */
export type CartLineInput = { merchandiseId: string; quantity: number }

export type CreatedCart = { id: string; checkoutUrl: string; totalQuantity: number }

export const CART_CREATE_MUTATION = /* GraphQL */ `
  mutation CartCreate($input: CartInput!) {
    cartCreate(input: $input) {
      cart {
        id
        checkoutUrl
        totalQuantity
      }
      userErrors {
        field
        message
      }
    }
  }
`

const cartCreateData = z.object({
  cartCreate: z
    .object({
      cart: z
        .object({
          id: z.string(),
          checkoutUrl: z.string().nullish(),
          totalQuantity: z.number().int(),
        })
        .nullable(),
      userErrors: z.array(z.object({ field: z.array(z.string()).nullable(), message: z.string() })),
    })
    .nullable(),
})

/** Shopify's checkout URL with `channel=online_store` added, keeping the parameters it has. */
export function withOnlineStoreChannel(checkoutUrl: string): string {
  const url = new URL(checkoutUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new TypeError(`not a web URL: ${url.protocol}`)
  url.searchParams.set('channel', 'online_store')
  return url.toString()
}

/** Creates the hosted cart once, at checkout, from the browser's lines. */
export async function createCart(
  config: StorefrontConfig,
  lines: CartLineInput[],
  buyerIp?: string | null,
): Promise<CreatedCart> {
  const data = await storefrontFetch(config, {
    query: CART_CREATE_MUTATION,
    variables: { input: { lines } },
    data: cartCreateData,
    buyerIp,
  })
  const result = data.cartCreate
  if (result && result.userErrors.length > 0) {
    throw new StorefrontError(`Cart creation failed: ${result.userErrors.map((e) => e.message).join(', ')}`, 'user')
  }
  const cart = result?.cart
  if (!cart?.checkoutUrl) throw new StorefrontError('No checkout URL returned from Shopify', 'shape')
  let checkoutUrl: string
  try {
    checkoutUrl = withOnlineStoreChannel(cart.checkoutUrl)
  } catch {
    throw new StorefrontError('No checkout URL returned from Shopify', 'shape')
  }
  return { id: cart.id, checkoutUrl, totalQuantity: cart.totalQuantity }
}
