import { z } from 'zod'
import type { Money } from '../../client/model/product.ts'
import type { StorefrontConfig } from '../config.ts'
import { StorefrontError, storefrontFetch } from './client.ts'

/** A line of the cart to create: a variant and how many. */
export type CartLineInput = { merchandiseId: string; quantity: number }

/** What a cart may carry besides its lines: a discount link's code, a cart permalink's note and attributes (`CartInput`). */
export type CartExtras = { discountCodes?: string[]; note?: string; attributes?: { key: string; value: string }[] }

/** The hosted cart as Shopify created it: docs/product.md's fields ('The cart'), its lines flattened. */
export type CreatedCart = {
  id: string
  checkoutUrl: string
  totalQuantity: number
  totalAmount: Money
  lines: CartLineInput[]
}

// The cart is made in the shopper's market: `buyerIdentity.countryCode` sets its country, and
// so its currency and the checkout's shipping, and `@inContext` prices the answer there.
// Without a country `$country` is Shopify's 'unknown region' (ZZ), as in Hydrogen's cart
// documents, and the cart is the primary market's; so is a country the store does not sell
// in (Shopify's guide 'Support international pricing on storefronts': 'Any queries for
// countries that aren't enabled will default to the store currency'). `$language`, where the
// shopper's browser asks for one Shopify offers in that country, sets the checkout's language
// (Shopify's 'Support multiple languages on storefronts': '@inContext(language:)'; Hydrogen
// #1788); without it the checkout is in the store's default language.
export const CART_CREATE_MUTATION = /* GraphQL */ `
  mutation CartCreate($input: CartInput!, $country: CountryCode = ZZ, $language: LanguageCode) @inContext(country: $country, language: $language) {
    cartCreate(input: $input) {
      cart {
        id
        checkoutUrl
        totalQuantity
        cost {
          totalAmount {
            amount
            currencyCode
          }
        }
        lines(first: 100) {
          nodes {
            quantity
            merchandise {
              ... on ProductVariant {
                id
              }
            }
          }
        }
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
          cost: z.object({ totalAmount: z.object({ amount: z.string(), currencyCode: z.string() }) }),
          lines: z.object({
            nodes: z.array(z.object({ quantity: z.number().int(), merchandise: z.object({ id: z.string() }) })),
          }),
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

/**
 * Creates the hosted cart once, at checkout, from the browser's lines, in the shopper's
 * country when it is known (src/storefront/country-codes.ts), and in their language where
 * the store offers it there (checkoutLanguage).
 */
export async function createCart(
  config: StorefrontConfig,
  lines: CartLineInput[],
  {
    buyerIp,
    country,
    language,
    extras = {},
  }: { buyerIp?: string | null; country?: string | null; language?: string | null; extras?: CartExtras } = {},
): Promise<CreatedCart> {
  const data = await storefrontFetch(config, {
    query: CART_CREATE_MUTATION,
    variables: {
      input: { lines, ...(country && { buyerIdentity: { countryCode: country } }), ...extras },
      ...(country && { country }),
      ...(language && { language }),
    },
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
  return {
    id: cart.id,
    checkoutUrl,
    totalQuantity: cart.totalQuantity,
    totalAmount: cart.cost.totalAmount,
    lines: cart.lines.nodes.map((line) => ({ merchandiseId: line.merchandise.id, quantity: line.quantity })),
  }
}

/** How many of each variant the lines add up to, in the order each variant first appears. */
export function quantityByVariant(lines: CartLineInput[]): Map<string, number> {
  return lines.reduce(
    (map, line) => map.set(line.merchandiseId, (map.get(line.merchandiseId) ?? 0) + line.quantity),
    new Map<string, number>(),
  )
}

/**
 * Where the hosted cart differs from the lines that were sent (Shopify may drop a variant
 * that sold out, or lower a quantity to what is in stock): one entry per variant, empty when
 * the two agree.
 */
export function differingLines(
  sent: CartLineInput[],
  created: CartLineInput[],
): { merchandiseId: string; sent: number; created: number }[] {
  const [asSent, asCreated] = [quantityByVariant(sent), quantityByVariant(created)]
  return [...new Set([...asSent.keys(), ...asCreated.keys()])]
    .map((merchandiseId) => ({
      merchandiseId,
      sent: asSent.get(merchandiseId) ?? 0,
      created: asCreated.get(merchandiseId) ?? 0,
    }))
    .filter((line) => line.sent !== line.created)
}

/**
 * The checkout's language: the first of the browser's `Accept-Language` (by its weights) that
 * Shopify offers in the shopper's country, as `LanguageCode` spells it (`pt-BR` is PT_BR, else
 * PT); null where none is, and the checkout is in the store's default language.
 */
export function checkoutLanguage(acceptLanguage: string | undefined, offered: readonly string[]): string | null {
  if (!acceptLanguage || offered.length === 0) return null
  const asked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';')
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean)
      return { tag: tag.trim().toUpperCase().replace('-', '_'), weight: q === undefined ? 1 : Number(q), index }
    })
    .filter((entry) => /^[A-Z]{2,3}(_[A-Z0-9]{2,4})?$/.test(entry.tag) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  for (const { tag } of asked) {
    if (offered.includes(tag)) return tag
    const base = tag.split('_')[0]!
    if (offered.includes(base)) return base
  }
  return null
}
