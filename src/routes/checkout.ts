import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { csrf } from 'hono/csrf'
import { every } from 'hono/combine'
import { zValidator } from '@hono/zod-validator'
import { z } from 'zod'
import type { CheckoutFailure } from '../../client/analytics/vocabulary.ts'
import { DISCOUNT_CODE, DISCOUNT_COOKIE, GIFT_MESSAGE_MAX, MAX_QUANTITY, VARIANT_ID } from '../../client/model/cart.ts'
import { getCookie } from 'hono/cookie'
import type { AppEnv } from '../app-env.ts'
import { limitPerClient } from './limit-per-client.ts'
import { log } from '../log.ts'
import { issuesOf, limitBody, noStore, postOnly, refusals } from './post-endpoint.ts'
import type { CartLineInput } from '../storefront/cart.ts'
import { StorefrontError } from '../storefront/client.ts'
import { checkoutCountry, isMarketCountry } from '../market.ts'
import { cartLines } from './cart-lines.ts'
import { startCheckout } from './start-checkout.ts'
import { readAttribution, type Attribution } from '../../client/model/attribution.ts'

const MAX_BODY_BYTES = 16 * 1024

// One spelling per variant (no leading zeros), so the cap below merges every line of it.
const merchandiseId = z
  .string()
  .regex(VARIANT_ID, 'must be a gid://shopify/ProductVariant/<digits> id')
  .transform((id) => id.replace(/\/0+(?=\d)/, '/'))
const quantity = z.number().int().min(1).max(MAX_QUANTITY)
/** The country of the page the shopper ordered on (client/model/market.ts): its prices are the cart's. ZZ: unknown. */
const country = z.string().refine(isMarketCountry, 'must be a country code Shopify knows, or ZZ')
/** The languages Shopify offers the checkout in there, as the page was told (`LanguageCode`). */
const languages = z.array(z.string().regex(/^[A-Z]{2,3}(_[A-Z]{2})?$/, 'must be a Shopify LanguageCode')).max(50)

/** The app's cart: its lines held to cartLines' rule, the one every door keeps. */
export const checkoutBody = z.strictObject({
  country: country.optional(),
  languages: languages.optional(),
  /** The sheet's gift message, as typed: the hosted cart's `note`, which the order keeps. */
  giftMessage: z.string().max(GIFT_MESSAGE_MAX, `must be at most ${GIFT_MESSAGE_MAX} characters`).optional(),
  /** Where the shopper came from, as the browser kept it: only known keys, cleaned and capped; anything else dropped, never refused. */
  attribution: z
    .unknown()
    .optional()
    .transform((raw) => readAttribution(raw, Date.now())),
  lines: z.array(z.strictObject({ merchandiseId, quantity })).transform((lines, ctx) => {
    const held = cartLines(lines)
    if ('lines' in held) return held.lines
    for (const message of held.problems) ctx.addIssue({ code: 'custom', path: [], message })
    return z.NEVER
  }),
})

// The no-JavaScript path: an HTML form with one variant and a quantity.
const checkoutForm = z.object({
  merchandiseId,
  country: z.preprocess((value) => (value === '' ? undefined : value), country.optional()),
  languages: z.preprocess(
    (value) => (typeof value === 'string' && value !== '' ? value.split(',') : undefined),
    languages.optional(),
  ),
  // An empty field is the form's way of leaving it out.
  quantity: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().pipe(quantity).default(1)),
})

type Problem = { error: string; issues?: { path: string; message: string }[] }

function invalid(error: z.core.$ZodError): Problem {
  return { error: 'Invalid checkout request', issues: issuesOf(error) }
}

/**
 * A failed checkout's answer: a plain reason, never Shopify's own words (the catalogue's
 * messages, which carry them, go to the log with the request id), and the request id, so
 * the shopper's report finds that log line.
 */
function failureReason(error: unknown): string {
  if (!(error instanceof StorefrontError)) return 'Failed to create checkout'
  return error.kind === 'user' ? 'Shopify could not make a cart of these lines' : 'Shopify could not be reached'
}

/** What a shopper without JavaScript reads when the checkout fails. */
function formFailureText(c: Context<AppEnv>): string {
  return `Failed to create checkout. Please try again later. (Reference: ${c.get('requestId')})`
}

/** Where the page the shopper ordered on was priced, what it says of the checkout's languages, the gift message, and where the shopper came from. */
type Market = { country?: string; languages?: string[]; giftMessage?: string; attribution?: Attribution }

/**
 * The checkout of either of POST /checkout's forms: in the market of the page the shopper
 * ordered on, whose prices they read (a page from before markets had pages says none: then
 * the country Cloudflare saw), with a discount link's code (doors.ts) and the gift message.
 */
function checkoutFrom(c: Context<AppEnv>, lines: CartLineInput[], market: Market) {
  const country = checkoutCountry(market.country, c.req.raw)
  const discount = getCookie(c, DISCOUNT_COOKIE)
  return startCheckout(
    c,
    lines,
    { country, languages: market.languages ?? [] },
    {
      ...(discount && DISCOUNT_CODE.test(discount) && { discountCodes: [discount] }),
      ...(market.giftMessage && { note: market.giftMessage }),
    },
    market.attribution,
  )
}

/** The app's JSON and a plain form each have their validator and handler; nothing else is taken. */
const byContentType: MiddlewareHandler<AppEnv> = async (c, next) => {
  const type = c.req.header('Content-Type') ?? ''
  if (type.includes('json')) return checkoutJson(c, next)
  if (type.includes('form')) return checkoutFormPost(c, next)
  return c.json({ error: 'Send the cart as application/json or application/x-www-form-urlencoded' }, 415)
}

const checkoutJson = every(
  zValidator('json', checkoutBody, (result, c) => {
    if (!result.success) return c.json(invalid(result.error), 400)
  }),
  async (
    c: Context<
      AppEnv,
      '/',
      { in: { json: z.input<typeof checkoutBody> }; out: { json: z.output<typeof checkoutBody> } }
    >,
  ) => {
    try {
      const { lines, ...market } = c.req.valid('json')
      const cart = await checkoutFrom(c, lines, market)
      return c.json({
        checkoutUrl: cart.checkoutUrl,
        cartId: cart.id,
        totalQuantity: cart.totalQuantity,
        checkout: cart.key,
      })
    } catch (error) {
      log(c, 'error', 'checkout failed', { error })
      return c.json(
        {
          error: failureReason(error),
          reason: (error instanceof StorefrontError ? error.kind : 'internal') satisfies CheckoutFailure,
          requestId: c.get('requestId'),
        },
        502,
      )
    }
  },
)

const checkoutFormPost = every(
  zValidator('form', checkoutForm, (result, c) => {
    if (result.success) return
    const problem = invalid(result.error)
    return c.text(`${problem.error}: ${problem.issues!.map((i) => `${i.path} ${i.message}`).join('; ')}`, 400)
  }),
  async (
    c: Context<
      AppEnv,
      '/',
      { in: { form: z.input<typeof checkoutForm> }; out: { form: z.output<typeof checkoutForm> } }
    >,
  ) => {
    try {
      const { merchandiseId, quantity, ...market } = c.req.valid('form')
      const cart = await checkoutFrom(c, [{ merchandiseId, quantity }], market)
      return c.redirect(cart.checkoutUrl, 303)
    } catch (error) {
      log(c, 'error', 'checkout failed', { error })
      return c.text(formFailureText(c), 502)
    }
  },
)

/**
 * POST /checkout creates the hosted cart from the browser's lines, once, and answers
 * with where to pay: JSON from the app, or a form post (one variant) from a page whose
 * JavaScript is off or not live yet, answered with a 303 to the checkout. Never cached:
 * every answer carries `no-store`.
 */
export const checkout = new Hono<AppEnv>()
  .use(noStore)
  .onError(refusals('A checkout can only be started from the shop’s own pages'))
  .post(
    '/',
    // A form (or text/plain) post from another site is refused before it spends the
    // visitor's checkout allowance or sends them to a cart they did not fill: Hono's CSRF
    // guard, by Sec-Fetch-Site, else Origin, against the request's own origin. A cross-site
    // JSON post never gets here: it needs a CORS preflight, which this Worker never grants.
    csrf(),
    // Each attempt creates a cart at Shopify.
    limitPerClient('CHECKOUT_RATE_LIMITER', 'Too many checkout attempts; please try again in a minute'),
    limitBody(MAX_BODY_BYTES),
    byContentType,
  )
  .all('/', postOnly)
