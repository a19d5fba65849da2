import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-env.ts'
import { zValidator } from '@hono/zod-validator'
import { limitPerClient } from './limit-per-client.ts'
import { noStore } from './post-endpoint.ts'
import { readConfig } from '../config.ts'
import { log } from '../log.ts'
import { cartKey, record } from '../analytics/record.ts'
import { fetchCartStatus } from '../storefront/hosted-cart-status.ts'
import { StorefrontError } from '../storefront/client.ts'

const cartId = z
  .string()
  .regex(
    /^gid:\/\/shopify\/Cart\/[A-Za-z0-9_-]{1,200}(\?key=[A-Za-z0-9]{1,100})?$/,
    'must be a gid://shopify/Cart/… id',
  )

/**
 * GET /cart/status?id=… : does Shopify still have this hosted cart? The browser asks when
 * the shopper comes back to the tab after checkout, and empties its cart once it is gone.
 */
export const cartStatus = new Hono<AppEnv>().get(
  '/status',
  noStore,
  zValidator('query', z.object({ id: cartId }), (result, c) => {
    if (!result.success) return c.json({ error: `id ${result.error.issues[0]!.message}` }, 400)
  }),
  // Each answer costs a Shopify call; the browser asks once per return to the tab.
  limitPerClient('STOREFRONT_RATE_LIMITER', 'Too many cart checks; please try again in a minute'),
  async (c) => {
    const { id } = c.req.valid('query')
    try {
      const status = await fetchCartStatus(readConfig(c.env).storefront, id, c.req.header('CF-Connecting-IP'))
      // Bought (or expired): `npm run report` counts an order once per cart, and only for a
      // cart this shop's checkout made, so a check repeated or made up adds no order.
      if (status === 'gone') record(c, { event: 'order_completed', cart: await cartKey(id) })
      return c.json({ status })
    } catch (error) {
      // Shopify's words go to the log; the browser, which keeps its cart on any failure, gets
      // a plain reason and the request id.
      log(c, 'warn', 'cart status check failed', { error })
      return c.json(
        {
          error: error instanceof StorefrontError ? 'Shopify could not be reached' : 'Cart status unavailable',
          requestId: c.get('requestId'),
        },
        502,
      )
    }
  },
)
