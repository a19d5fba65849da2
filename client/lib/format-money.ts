import type { Money } from '../model/product.ts'

/**
 * A price in its own currency, as Shopify's storefronts write it in English (Hydrogen's
 * `<Money>` is Intl.NumberFormat too): $38.00, €35.00, £30.00, CA$52.00. `whole` drops the
 * cents of a whole amount, as the order button's 'Only $38' does ('Only CA$52').
 */
export function formatMoney({ amount, currencyCode }: Money, whole = false): string {
  const value = Number(amount)
  const digits = whole && Number.isInteger(value) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode, ...digits }).format(value)
  } catch {
    return `${value.toFixed(2)} ${currencyCode}`
  }
}
