import type { CheckoutFailure } from '../../client/analytics/vocabulary.ts'
import { LANDING_PRODUCT_HANDLE } from '../../client/model/product-result.ts'
import type { StorefrontConfig } from '../config.ts'
import { createCart } from '../storefront/cart.ts'
import { StorefrontError } from '../storefront/client.ts'
import { fetchProduct } from '../storefront/product.ts'

/** Why a check failed: a Storefront error's class, 'missing' (no product to sell), or 'internal'. */
export type CheckFailure = CheckoutFailure | 'missing'
export type CheckResult = { ok: true; ms: number } | { ok: false; ms: number; failure: CheckFailure; message: string }

/**
 * What a shopper's checkout needs, asked of Shopify directly (no cache in between): that the
 * token reads the product, and that a cart of one of it can be made. Two Storefront calls,
 * and a cart that is never checked out (docs/deploying.md, 'Knowing the checkout works').
 */
export async function checkCheckout(storefront: StorefrontConfig): Promise<CheckResult> {
  const started = Date.now()
  const failed = (failure: CheckFailure, message: string): CheckResult => ({
    ok: false,
    ms: Date.now() - started,
    failure,
    message,
  })
  try {
    const { product } = await fetchProduct(storefront, LANDING_PRODUCT_HANDLE)
    const variant = product?.variants.find((v) => v.availableForSale)
    if (!product) return failed('missing', `Shopify has no product "${LANDING_PRODUCT_HANDLE}" for this token`)
    if (!variant) return failed('missing', `"${LANDING_PRODUCT_HANDLE}" has no variant for sale`)
    await createCart(storefront, [{ merchandiseId: variant.id, quantity: 1 }])
    return { ok: true, ms: Date.now() - started }
  } catch (error) {
    return failed(error instanceof StorefrontError ? error.kind : 'internal', (error as Error).message)
  }
}
