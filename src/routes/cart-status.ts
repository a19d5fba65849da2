import { Hono } from 'hono'
import { z } from 'zod'
import type { AppEnv } from '../app-env.ts'
import { zValidator } from '@hono/zod-validator'
import { limitPerClient } from './limit-per-client.ts'
import { noStore } from './post-endpoint.ts'
import { readConfig } from '../config.ts'
import { log } from '../log.ts'
import { ledgerOf } from '../orders/order-book.ts'
import { fetchCartStatus } from '../storefront/hosted-cart-status.ts'
import { StorefrontError } from '../storefront/client.ts'

const cartId = z
  .string()
  .regex(
    /^gid:\/\/shopify\/Cart\/[A-Za-z0-9_-]{1,200}(\?key=[A-Za-z0-9]{1,100})?$/,
    'must be a gid://shopify/Cart/… id',
  )

/**
 * GET /cart/status?id=… : was this hosted cart ordered? The browser asks when the shopper
 * comes back to the tab after checkout, and empties its cart once it was. 'ordered' when
 * Shopify's orders/create said so (the order book, orders/); until then, should the webhook
 * not be set up or not have come yet, 'gone' once Shopify no longer has the cart (bought or
 * expired), else 'open'.
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
      const ordered = await (await ledgerOf(c.env, { id })).ordered().catch((error: unknown) => {
        log(c, 'warn', 'order book not read; asking Shopify', { error })
        return false
      })
      if (ordered) return c.json({ status: 'ordered' })
      const status = await fetchCartStatus(readConfig(c.env).storefront, id, c.req.header('CF-Connecting-IP'))
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
