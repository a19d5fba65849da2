import type { Context } from 'hono'
import { endTime, startTime } from 'hono/timing'
import type { CheckoutFailure } from '../../client/analytics/vocabulary.ts'
import type { AppEnv } from '../app-env.ts'
import { readConfig } from '../config.ts'
import { log } from '../log.ts'
import { cartKey, record } from '../analytics/record.ts'
import {
  checkoutLanguage,
  createCart,
  differingLines,
  type CartExtras,
  type CartLineInput,
  type CreatedCart,
} from '../storefront/cart.ts'
import { StorefrontError } from '../storefront/client.ts'
import { checkoutClient, checkoutHealth } from '../monitoring/health.ts'
import { cartAttributes, sourceOf, withCampaign, type Attribution } from '../../client/model/attribution.ts'
import { ledgerOf } from '../orders/order-book.ts'

/** Where the cart is made: the country whose prices the shopper read (null: Shopify's unknown region), and the languages Shopify offers there. */
export type CheckoutMarket = { country: string | null; languages: readonly string[] }

/**
 * The one way the shop makes a hosted cart for a shopper, whichever door they came by (POST
 * /checkout, checkout.ts; a cart or buy permalink, doors.ts): lines already held to
 * cartLines' rule, made in `market` and the shopper's language where Shopify offers it there;
 * the funnel's checkouts started, failed and created recorded here, where they happen (a
 * browser's word for them could be forged); a failure told to CheckoutHealth; a hosted cart
 * that differs from the lines sent logged. Where the shopper came from (`attribution`) goes
 * with the cart as attributes the buyer is not shown and, its campaign words, on the checkout's
 * address, unless the browser sends Global Privacy Control; the order book (orders/) notes the
 * checkout, so that its order is counted once Shopify tells of it. Throws what createCart throws.
 */
export async function startCheckout(
  c: Context<AppEnv>,
  lines: CartLineInput[],
  market: CheckoutMarket,
  extras: CartExtras,
  given: Attribution = {},
): Promise<CreatedCart & { key: string }> {
  // A Worker that cannot read its settings starts no checkout: that is no shopper's failed one.
  const { storefront } = readConfig(c.env)
  const attribution = c.req.header('Sec-GPC') === '1' ? {} : given
  const attributes = [...(extras.attributes ?? []), ...cartAttributes(attribution)]
  record(c, { event: 'checkout_started' })
  startTime(c, 'storefront')
  // Date.now() moves on across the call's I/O, which is all this times (Workers freeze it only while code runs).
  const asked = Date.now()
  let cart: CreatedCart
  try {
    cart = await createCart(storefront, lines, {
      buyerIp: c.req.header('CF-Connecting-IP'),
      country: market.country,
      language: checkoutLanguage(c.req.header('Accept-Language'), [...market.languages]),
      extras: { ...extras, ...(attributes.length > 0 && { attributes }) },
    })
  } catch (error) {
    const failure = (error instanceof StorefrontError ? error.kind : 'internal') satisfies CheckoutFailure
    record(c, { event: 'checkout_failed', detail: failure })
    tellHealth(c, { ok: false, failure, message: (error as Error).message })
    throw error
  } finally {
    endTime(c, 'storefront')
  }
  // The shopper pays for what Shopify's cart holds: tell the operator where it is not what was sent.
  const differences = differingLines(lines, cart.lines)
  if (differences.length > 0)
    log(c, 'warn', 'hosted cart differs from the lines sent', { cartId: cart.id, differences })
  // The funnel's authoritative count of checkouts: Shopify made the cart.
  const key = await cartKey(cart.id)
  const source = attribution.last
  record(c, {
    event: 'checkout_created',
    cart: key,
    value: cart.totalQuantity,
    ms: Date.now() - asked,
    source: sourceOf(source),
    campaign: source?.utm_campaign ?? '',
  })
  noteInLedger(c, cart, market.country)
  // The key goes back to the page, which names it when it reports how long the checkout took.
  return { ...cart, key, checkoutUrl: withCampaign(cart.checkoutUrl, source) }
}

/**
 * Notes the checkout in the order book after the answer, for its order to be counted against
 * (the shopper is on Shopify's checkout for minutes before paying). A failure is logged: its
 * order will then be set aside as an unknown cart's, and the log says why.
 */
function noteInLedger(c: Context<AppEnv>, cart: CreatedCart, country: string | null) {
  const made = { at: Date.now(), country, variants: cart.lines.map((line) => line.merchandiseId) }
  const note = ledgerOf(c.env, { id: cart.id })
    .then((ledger) => ledger.checkoutMade(made))
    .catch((error: unknown) => log(c, 'error', 'checkout not noted in the order book', { error }))
  try {
    c.executionCtx.waitUntil(note)
  } catch {
    // No execution context (a unit test's Hono app): the note runs on its own.
  }
}

/**
 * Tells the shop's CheckoutHealth of a real checkout that failed, after the answer: failing
 * for several shoppers in one class, they make it run its check at once
 * (src/monitoring/incidents.ts). A checkout that goes through tells it nothing: only the
 * shop's own checks close an incident.
 */
function tellHealth(c: Context<AppEnv>, outcome: { ok: false; failure: CheckoutFailure; message: string }) {
  // Never the shopper's problem: the checkout's answer does not wait for this, nor fail by it.
  try {
    c.executionCtx.waitUntil(
      checkoutClient(c.req.header('CF-Connecting-IP'))
        .then((client) => checkoutHealth(c.env).observe({ source: 'checkouts', client, ...outcome }))
        .catch((error: unknown) => log(c, 'error', 'checkout health not told', { error })),
    )
  } catch (error) {
    log(c, 'error', 'checkout health not told', { error })
  }
}
