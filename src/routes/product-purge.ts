import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { PRODUCT_PURGE_PATH, productTag } from '../render/cache-policy.ts'
import { purgePages } from '../render/purge-pages.ts'
import { LATE_PURGE_RETRIES_MS } from '../product/product-edit.ts'

/**
 * POST PRODUCT_PURGE_PATH: the product's store purging the pages once its alarm finds the edit
 * Shopify now shows (product/product-store.ts). Only the Worker's own loopback sets `props`;
 * for anyone else this path does not exist.
 */
export const productPurge = new Hono<AppEnv>().post(PRODUCT_PURGE_PATH, async (c) => {
  const handle = (c.executionCtx as ExecutionContext<{ purgeProduct?: unknown }>).props?.purgeProduct
  if (typeof handle !== 'string') return c.notFound()
  const purged = await purgePages(c, [productTag(handle)], LATE_PURGE_RETRIES_MS, { handle, step: 'alarm' })
  return c.body(null, purged === 'failed' ? 502 : 204)
})
