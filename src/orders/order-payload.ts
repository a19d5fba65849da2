import { z } from 'zod'
import { CAPS, CART_ATTRIBUTE_KEYS, cleanText } from '../../client/model/attribution.ts'

// What the shop keeps of Shopify's `orders/create` webhook (the Order resource as the
// webhook delivers it: shopify.dev/docs/api/webhooks, topic orders/create, and the REST Admin
// API's Order). zod picks these fields at the boundary and drops every other one: the buyer's
// name, e-mail, phone, addresses, IP address and browser are never read into the shop's
// memory past the parse, stored or logged. Of the shipping address only its country code is
// taken.

const MONEY = /^\d{1,12}(\.\d{1,4})?$/

const orderCreated = z.object({
  id: z.union([z.number().int().positive(), z.string().regex(/^\d{1,20}$/)]).transform(String),
  /** The hosted cart's token: its id without `gid://shopify/Cart/` and `?key=`. */
  cart_token: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/),
  created_at: z.iso.datetime({ offset: true }).transform((at) => Date.parse(at)),
  /** What the buyer paid, in the currency they paid in (`currency` is the store's own). */
  total_price_set: z.object({
    presentment_money: z.object({ amount: z.string().regex(MONEY), currency_code: z.string().regex(/^[A-Z]{3}$/) }),
  }),
  shipping_address: z
    .object({
      country_code: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .nullish(),
    })
    .nullish(),
  line_items: z
    .array(z.object({ variant_id: z.number().int().nullable(), quantity: z.number().int().min(0).max(100_000) }))
    .max(1000),
  note_attributes: z
    .array(z.object({ name: z.string(), value: z.unknown() }))
    .max(500)
    .default([]),
})

export type OrderRecord = {
  orderId: string
  cartToken: string
  at: number
  total: { amount: string; currencyCode: string }
  shippingCountry: string | null
  /** Each line's variant (its number) and quantity; the ledger counts the blankets among them. */
  lines: { variantId: string; quantity: number }[]
  attributes: Record<string, string>
}

/** How far from the Worker's clock an order's `created_at` may be: Shopify retries a delivery for 4 hours (docs/orders.md). */
export const ORDER_WINDOW = { pastMs: 48 * 60 * 60_000, futureMs: 24 * 60 * 60_000 }

/** The order's kept fields, or what is wrong with the body (never its contents). */
export function readOrder(body: ArrayBuffer, now = Date.now()): OrderRecord | { error: string } {
  let payload: unknown
  try {
    payload = JSON.parse(new TextDecoder().decode(body))
  } catch {
    return { error: 'Webhook body is not JSON' }
  }
  const parsed = orderCreated.safeParse(payload)
  if (!parsed.success) return { error: `Webhook body is not an order: ${parsed.error.issues[0]!.path.join('.')}` }
  const order = parsed.data
  if (order.created_at > now + ORDER_WINDOW.futureMs) return { error: 'created_at is more than a day in the future' }
  if (order.created_at < now - ORDER_WINDOW.pastMs)
    return { error: 'created_at is older than Shopify retries a delivery' }
  const attributes: Record<string, string> = {}
  for (const { name, value } of order.note_attributes) {
    const text = cleanText(value, name.endsWith('landing') ? CAPS.landing : CAPS.referrer)
    if (CART_ATTRIBUTE_KEYS.has(name) && text) attributes[name] = text
  }
  return {
    orderId: order.id,
    cartToken: order.cart_token,
    at: order.created_at,
    total: {
      amount: order.total_price_set.presentment_money.amount,
      currencyCode: order.total_price_set.presentment_money.currency_code,
    },
    shippingCountry: order.shipping_address?.country_code ?? null,
    lines: order.line_items.flatMap((line) =>
      line.variant_id === null ? [] : [{ variantId: String(line.variant_id), quantity: line.quantity }],
    ),
    attributes,
  }
}
