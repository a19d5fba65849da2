import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { every } from 'hono/combine'
import { HTTPException } from 'hono/http-exception'
import { endTime, startTime } from 'hono/timing'
import { zValidator } from '@hono/zod-validator'
import { z } from 'zod'
import { MAX_LINES, MAX_QUANTITY, VARIANT_ID } from '../../client/model/cart'
import type { AppEnv } from '../app-env'
import { withinLimit } from '../rate-limit'
import { readConfig } from '../config'
import { log } from '../log'
import { createCart, differingLines, type CartLineInput, type CreatedCart } from '../storefront/cart'
import { StorefrontError } from '../storefront/client'

const MAX_BODY_BYTES = 16 * 1024

const merchandiseId = z.string().regex(VARIANT_ID, 'must be a gid://shopify/ProductVariant/<digits> id')
const quantity = z.number().int().min(1).max(MAX_QUANTITY)

export const checkoutBody = z.strictObject({
  lines: z.array(z.strictObject({ merchandiseId, quantity })).min(1).max(MAX_LINES),
})

// The no-JavaScript path: an HTML form with one variant and a quantity.
const checkoutForm = z.object({
  merchandiseId,
  // An empty field is the form's way of leaving it out.
  quantity: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().pipe(quantity).default(1)),
})

type Problem = { error: string; issues?: { path: string; message: string }[] }

function invalid(error: z.core.$ZodError): Problem {
  return {
    error: 'Invalid checkout request',
    issues: error.issues.slice(0, 10).map((i) => ({ path: i.path.join('.') || '(body)', message: i.message })),
  }
}

/** The shop's message for a Shopify failure (docs/product.md); anything else is ours and stays generic. */
function upstreamMessage(error: unknown): string {
  return error instanceof StorefrontError ? error.message : 'Failed to create checkout'
}

/**
 * What a shopper without JavaScript reads when the checkout fails: the catalogue's words,
 * Shopify's reason between them when it gave one, each sentence ended once (Shopify's own
 * messages often end in a full stop).
 */
function formFailureText(error: unknown): string {
  const reason = error instanceof StorefrontError ? ` ${error.message.replace(/[.\s]+$/, '')}.` : ''
  return `Failed to create checkout.${reason} Please try again later.`
}

async function startCheckout(c: Context<AppEnv>, lines: CartLineInput[]) {
  const config = readConfig(c.env)
  startTime(c, 'storefront')
  let cart: CreatedCart
  try {
    cart = await createCart(config.storefront, lines, c.req.header('CF-Connecting-IP'))
  } finally {
    endTime(c, 'storefront')
  }
  // The shopper pays for what Shopify's cart holds: tell the operator where it is not what was sent.
  const differences = differingLines(lines, cart.lines)
  if (differences.length > 0) log(c, 'warn', 'hosted cart differs from the lines sent', { cartId: cart.id, differences })
  return cart
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
  async (c: Context<AppEnv, '/', { in: { json: z.input<typeof checkoutBody> }; out: { json: z.output<typeof checkoutBody> } }>) => {
    try {
      const cart = await startCheckout(c, c.req.valid('json').lines)
      return c.json({ checkoutUrl: cart.checkoutUrl, cartId: cart.id, totalQuantity: cart.totalQuantity })
    } catch (error) {
      log(c, 'error', 'checkout failed', { error })
      return c.json({ error: upstreamMessage(error) }, 502)
    }
  },
)

const checkoutFormPost = every(
  zValidator('form', checkoutForm, (result, c) => {
    if (result.success) return
    const problem = invalid(result.error)
    return c.text(`${problem.error}: ${problem.issues!.map((i) => `${i.path} ${i.message}`).join('; ')}`, 400)
  }),
  async (c: Context<AppEnv, '/', { in: { form: z.input<typeof checkoutForm> }; out: { form: z.output<typeof checkoutForm> } }>) => {
    try {
      const cart = await startCheckout(c, [c.req.valid('form')])
      return c.redirect(cart.checkoutUrl, 303)
    } catch (error) {
      log(c, 'error', 'checkout failed', { error })
      return c.text(formFailureText(error), 502)
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
  .use(async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
  })
  // Hono's validator turns a body that is not JSON into an HTTPException; say so in the
  // shape every other bad request gets.
  .onError((error, c) => {
    if (error instanceof HTTPException && error.status === 400 && /JSON/.test(error.message)) return c.json({ error: 'Request body is not valid JSON' }, 400)
    throw error
  })
  .post(
    '/',
    async (c, next) => {
      // Per client, by the Workers rate-limiting binding; each attempt creates a cart at Shopify.
      if (!(await withinLimit(c.env.CHECKOUT_RATE_LIMITER, c.req.header('CF-Connecting-IP')))) {
        c.header('Retry-After', '60')
        return c.json({ error: 'Too many checkout attempts; please try again in a minute' }, 429)
      }
      await next()
    },
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json({ error: `Request body is larger than ${MAX_BODY_BYTES} bytes` }, 413),
    }),
    byContentType,
  )
  .all('/', (c) => {
    c.header('Allow', 'POST')
    return c.json({ error: `${c.req.method} is not allowed here; use POST` }, 405)
  })
