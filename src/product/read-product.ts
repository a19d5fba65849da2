import type { Bindings, Config } from '../config.ts'
import { API_VERSION } from '../storefront/api-version.ts'
import type { CacheOutcome, ProductRead } from './product-store.ts'
import type { Product } from '../../client/model/product.ts'
import type { ShopMarkets } from '../storefront/product.ts'

export type { CacheOutcome }
export type StoredProduct = {
  product: Product | null
  markets: ShopMarkets
  outcome: CacheOutcome
  upstreamMs?: number
}

/** A Shopify call for a handle nobody has asked about recently was refused by the rate limit. */
export class TooManyLookups extends Error {
  override name = 'TooManyLookups'
}

export type ReadProductContext = {
  env: Bindings
  config: Config
  buyerIp?: string | null
  /** Names a background refresh's failure in the logs. */
  requestId?: string
}

/** The product's one store worldwide: a Durable Object named by shop, API version and handle. */
export function productStore(env: Bindings, config: Config, handle: string) {
  const shop = new URL(config.storefront.origin).host
  return env.PRODUCT_STORE.getByName(`${shop}/${API_VERSION}/${handle}`)
}

/**
 * The product for a page, from its store (src/product/product-store.ts), asked once, priced
 * in `country` where the store has a market there. A handle it knows nothing about costs a
 * Shopify call, which the store allows only within the client's rate limit.
 */
export async function readProduct(
  ctx: ReadProductContext,
  handle: string,
  country: string | null = null,
): Promise<StoredProduct> {
  const read: ProductRead = await productStore(ctx.env, ctx.config, handle).read(handle, {
    buyerIp: ctx.buyerIp,
    requestId: ctx.requestId,
    country,
  })
  if (read.kind === 'refused') throw new TooManyLookups('too many lookups of unknown products')
  return { product: read.product, markets: read.markets, outcome: read.outcome, upstreamMs: read.upstreamMs }
}
