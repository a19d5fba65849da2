import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { writePoint, cartKey } from '../analytics/record.ts'
import { log } from '../log.ts'
import { sourceOf } from '../../client/model/attribution.ts'
import { ledgerOf, type OrderClaim } from './order-book.ts'
import { readOrder } from './order-payload.ts'

/**
 * Shopify's `orders/create`, signed and its delivery id well formed (routes/webhooks.ts):
 * the order's kept fields (order-payload.ts), claimed once against the checkout this shop
 * made of its cart (order-ledger.ts), and counted for `npm run report` as `order_created`:
 * its blankets, total and currency, the shipping country, the checkout's market, where the
 * shopper came from (the cart's attributes) and how long after the checkout it came.
 *
 * A replay, a second delivery, an order for a cart the shop never made or of another product
 * changes nothing and is answered 200, so Shopify does not retry it; a body that is no order
 * or is dated outside the window gets a 400. Only a failure of the shop's own (the order book
 * unreachable) is a 503, which Shopify retries (8 times over 4 hours). Nothing of the buyer is
 * logged: ids, counts and outcomes only.
 */
export async function countOrder(c: Context<AppEnv>, delivery: { id: string; body: ArrayBuffer }) {
  const order = readOrder(delivery.body)
  if ('error' in order) {
    log(c, 'warn', 'order webhook refused', { deliveryId: delivery.id, reason: order.error })
    return c.json({ error: order.error }, 400)
  }
  let claim: OrderClaim
  try {
    claim = await (await ledgerOf(c.env, { token: order.cartToken })).claim(delivery.id, order)
  } catch (error) {
    log(c, 'error', 'order not counted: the order book failed; Shopify will retry', { deliveryId: delivery.id, error })
    return c.json({ error: 'The order could not be counted; retry the delivery' }, 503)
  }
  if (claim.outcome !== 'counted') {
    // An order of another channel's cart is no failure; the rest are worth a look.
    log(c, claim.outcome === 'unknown cart' ? 'info' : 'warn', `order webhook changed nothing: ${claim.outcome}`, {
      deliveryId: delivery.id,
      orderId: order.orderId,
    })
    return c.json({ ignored: delivery.id, reason: claim.outcome })
  }
  const last = {
    utm_source: order.attributes._utm_source,
    ref: order.attributes._ref,
    referrer: order.attributes._referrer,
  }
  try {
    writePoint(c.env.EVENTS, {
      event: 'order_created',
      cart: await cartKey(`gid://shopify/Cart/${order.cartToken}`),
      value: claim.blankets,
      amount: Number(order.total.amount),
      detail: order.total.currencyCode,
      country: order.shippingCountry ?? '',
      market: claim.checkout.country ?? '',
      source: sourceOf(last),
      campaign: order.attributes._utm_campaign ?? '',
      ms: Math.max(0, order.at - claim.checkout.at),
    })
  } catch (error) {
    log(c, 'error', 'order counted in the order book but not in the analytics', { deliveryId: delivery.id, error })
  }
  log(c, 'info', 'order counted', { deliveryId: delivery.id, orderId: order.orderId, blankets: claim.blankets })
  return c.json({ counted: order.orderId })
}
