import { Hono } from 'hono'
import { zValidator } from '@hono/zod-validator'
import { z } from 'zod'
import { PRODUCT_HANDLE } from '../../client/model/product-result.ts'
import type { AppEnv } from '../app-env.ts'
import { readConfig } from '../config.ts'
import { log } from '../log.ts'
import { isMarketCountry, pageMarket, readContext, shopperCountry } from '../market.ts'
import { readProduct, TooManyLookups } from '../product/read-product.ts'
import { issuesOf } from './post-endpoint.ts'

/**
 * GET /market?handle=…[&country=CA]: what the shop promises in a country, as JSON, for agents,
 * scripts and the cart sheet of a page without the product (client/cart/sheet-market.ts; the
 * pages that sell carry it themselves: docs/markets.md). Validate, ask the product's
 * store (where the product and every country's prices are kept, refreshed and purged
 * together), answer. The country is the query's, else the one Cloudflare saw.
 */
const query = z.object({
  handle: z.string().regex(PRODUCT_HANDLE, 'is not a product handle'),
  country: z.string().refine(isMarketCountry, 'is not a country code Shopify knows').optional(),
})

const RETRY_AFTER_SECONDS = 60

export const market = new Hono<AppEnv>().get(
  '/',
  zValidator('query', query, (result, c) => {
    if (!result.success) return c.json({ error: 'Invalid market request', issues: issuesOf(result.error) }, 400)
  }),
  async (c) => {
    const { handle, country: asked } = c.req.valid('query')
    const country = asked ?? shopperCountry(c.req.raw)
    try {
      const { product, markets } = await readProduct(readContext(c), handle, country)
      if (!product) return c.json({ error: `No product "${handle}"` }, 404, { 'Cache-Control': 'no-store' })
      const price = product.variants[0]?.price ?? product.priceRange.minVariantPrice
      // The shopper's country may change between two requests (a phone on a train): private, and briefly.
      // Each variant's price there: what the cart sheet of a page without the product prices its lines at (client/cart/sheet-market.ts).
      const variants = product.variants.map(({ id, price }) => ({ id, price }))
      return c.json({ market: pageMarket(country, markets, readConfig(c.env).prices, product), price, variants }, 200, {
        'Cache-Control': 'private, max-age=60',
      })
    } catch (error) {
      if (error instanceof TooManyLookups) {
        log(c, 'warn', 'market answer refused by the rate limit', { handle, country })
        return c.json({ error: 'Too many requests; please try again in a minute' }, 429, {
          'Cache-Control': 'no-store',
          'Retry-After': String(RETRY_AFTER_SECONDS),
        })
      }
      log(c, 'error', 'market answer failed', { error, handle, country })
      return c.json({ error: 'Shopify could not be reached' }, 503, { 'Cache-Control': 'no-store' })
    }
  },
)
