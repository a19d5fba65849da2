// The order book's doors for the rest of the Worker: the page of one hosted cart, and what
// its object says. The object itself is order-ledger.ts (a Durable Object, which only the
// Worker's entry imports).
import type { Bindings } from '../config.ts'
import { cartKey } from '../analytics/record.ts'

/** What the shop's checkout made: when, in which market (null: Shopify's unknown region), of which variants. */
export type CheckoutMade = { at: number; country: string | null; variants: string[] }

/** An order's claim on its checkout, as the ledger judged it. */
export type OrderClaim =
  /** The first delivery of the first order of a checkout this shop made: counted. */
  | { outcome: 'counted'; checkout: CheckoutMade; blankets: number }
  /** A delivery id seen before (Shopify retries, a replay), or a second order for the cart. */
  | { outcome: 'seen' | 'already ordered' }
  /** No checkout of this shop's made this cart (another channel's order, a forged token). */
  | { outcome: 'unknown cart' }
  /** The order holds none of the checkout's variants: another product's. */
  | { outcome: 'not ours' }

/** The ledger's page for a hosted cart, by its id (`gid://shopify/Cart/…`, with or without `?key=`) or an order's cart token. */
export async function ledgerOf(env: Bindings, cart: { id: string } | { token: string }) {
  const id = 'id' in cart ? cart.id : `gid://shopify/Cart/${cart.token}`
  return env.ORDER_LEDGER.getByName(await cartKey(id))
}
