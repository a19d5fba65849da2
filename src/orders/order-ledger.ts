import { DurableObject } from 'cloudflare:workers'
import type { Bindings } from '../config.ts'
import type { CheckoutMade, OrderClaim } from './order-book.ts'

const CHECKOUT_KEY = 'checkout'
const ORDER_KEY = 'order'
const DELIVERY_PREFIX = 'delivery:'
/** How long a checkout and its order are kept: the shopper's attribution's days (client/model/attribution.ts), then forgotten. */
export const LEDGER_KEPT_MS = 30 * 24 * 60 * 60_000

/**
 * One hosted cart's page in the shop's order book: one Durable Object per cart, named by its
 * one-way key (analytics/record.ts, cartKey), so no cart's order waits on another's and none
 * holds the cart's id. The checkout writes when it made the cart; Shopify's `orders/create`
 * (routes/webhooks.ts) claims it once; the cart's status answers 'ordered' from it. The object
 * forgets everything LEDGER_KEPT_MS after the checkout (its alarm).
 */
export class OrderLedger extends DurableObject<Bindings> {
  async checkoutMade(made: CheckoutMade): Promise<void> {
    await this.ctx.storage.put(CHECKOUT_KEY, made)
    await this.ctx.storage.setAlarm(made.at + LEDGER_KEPT_MS)
  }

  /** Claims the checkout for an order delivered as `deliveryId`, whose lines are `lines` (variant numbers). */
  async claim(
    deliveryId: string,
    order: { orderId: string; at: number; lines: { variantId: string; quantity: number }[] },
  ): Promise<OrderClaim> {
    const storage = this.ctx.storage
    if (await storage.get(DELIVERY_PREFIX + deliveryId)) return { outcome: 'seen' }
    const checkout = await storage.get<CheckoutMade>(CHECKOUT_KEY)
    if (!checkout) return { outcome: 'unknown cart' }
    const ours = new Set(checkout.variants.map((id) => id.replace(/^gid:\/\/shopify\/ProductVariant\//, '')))
    const blankets = order.lines.reduce((sum, line) => sum + (ours.has(line.variantId) ? line.quantity : 0), 0)
    if (blankets === 0) return { outcome: 'not ours' }
    await storage.put(DELIVERY_PREFIX + deliveryId, true)
    const known = await storage.get<{ orderId: string }>(ORDER_KEY)
    if (known) return { outcome: known.orderId === order.orderId ? 'seen' : 'already ordered' }
    await storage.put(ORDER_KEY, { orderId: order.orderId, at: order.at })
    return { outcome: 'counted', checkout, blankets }
  }

  /** Whether an order was made of this cart. */
  async ordered(): Promise<boolean> {
    return (await this.ctx.storage.get(ORDER_KEY)) !== undefined
  }

  override async alarm() {
    await this.ctx.storage.deleteAll()
  }
}
