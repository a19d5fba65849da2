import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { MAX_LINES, MAX_QUANTITY } from '../../client/cart/cart-limits'
import type { AppEnv } from '../app-env'
import { withinLimit } from '../client-address'
import { readConfig } from '../config'
import { log } from '../log'
import { createCart } from '../storefront/cart'
import { StorefrontError } from '../storefront/client'
import type { CartLineInput } from '../storefront/types'

const MAX_BODY_BYTES = 16 * 1024

const merchandiseId = z
  .string()
  .regex(/^gid:\/\/shopify\/ProductVariant\/\d{1,20}$/, 'must be a gid://shopify/ProductVariant/<digits> id')
const quantity = z.number().int().min(1).max(MAX_QUANTITY)

export const checkoutBody = z.strictObject({
  lines: z.array(z.strictObject({ merchandiseId, quantity })).min(1).max(MAX_LINES),
})

// The no-JavaScript path: an HTML form with one variant and a quantity.
const checkoutForm = z.object({
  merchandiseId,
  quantity: z.coerce.number().pipe(quantity).default(1),
})

type Problem = { error: string; issues?: { path: string; message: string }[] }

function invalid(error: z.ZodError): Problem {
  return {
    error: 'Invalid checkout request',
    issues: error.issues.slice(0, 10).map((i) => ({ path: i.path.join('.') || '(body)', message: i.message })),
  }
}

/** The SPEC §8 message of a Shopify failure; anything else is ours and stays generic. */
function upstreamMessage(error: unknown): string {
  return error instanceof StorefrontError ? error.message : 'Failed to create checkout'
}

async function startCheckout(c: Context<AppEnv>, lines: CartLineInput[]) {
  const config = readConfig(c.env)
  const started = Date.now()
  try {
    return await createCart(config.storefront, lines, c.req.header('CF-Connecting-IP'))
  } finally {
    c.set('upstreamMs', Date.now() - started)
    c.header('Server-Timing', `storefront;dur=${Date.now() - started}`)
  }
}

/**
 * POST /checkout creates the hosted cart from the browser's lines, once, and answers
 * with where to pay. Never cached: every answer carries `no-store`.
 */
export const checkout = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next()
    c.header('Cache-Control', 'no-store')
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
    async (c) => {
      const type = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
      if (type === 'application/json') return checkoutJson(c)
      if (type === 'application/x-www-form-urlencoded') return checkoutFormPost(c)
      return c.json({ error: 'Send the cart as application/json or application/x-www-form-urlencoded' }, 415)
    },
  )
  .all('/', (c) => {
    c.header('Allow', 'POST')
    return c.json({ error: `${c.req.method} is not allowed here; use POST` }, 405)
  })

async function checkoutJson(c: Context<AppEnv>) {
  let body: unknown
  try {
    body = await c.req.json()
  } catch {
    return c.json({ error: 'Request body is not valid JSON' }, 400)
  }
  const parsed = checkoutBody.safeParse(body)
  if (!parsed.success) return c.json(invalid(parsed.error), 400)

  try {
    const cart = await startCheckout(c, parsed.data.lines)
    return c.json({ checkoutUrl: cart.checkoutUrl, cartId: cart.id, totalQuantity: cart.totalQuantity })
  } catch (error) {
    log(c, 'error', 'checkout failed', { error })
    return c.json({ error: upstreamMessage(error) }, 502)
  }
}

async function checkoutFormPost(c: Context<AppEnv>) {
  const form = await c.req.parseBody()
  const parsed = checkoutForm.safeParse({ merchandiseId: form.merchandiseId, quantity: form.quantity || undefined })
  if (!parsed.success) {
    const problem = invalid(parsed.error)
    return c.text(`${problem.error}: ${problem.issues!.map((i) => `${i.path} ${i.message}`).join('; ')}`, 400)
  }
  try {
    const cart = await startCheckout(c, [parsed.data])
    return c.redirect(cart.checkoutUrl, 303)
  } catch (error) {
    log(c, 'error', 'checkout failed', { error })
    return c.text(`Failed to create checkout. ${upstreamMessage(error)}. Please try again later.`, 502)
  }
}
