import type { Money } from '../model/product'

/**
 * A price in its own currency, as a shopper there reads it: €35.00, £30.00, CA$52.00 (the
 * line for a shopper abroad, docs/markets.md; the spec's own prices are `formatPrice`'s $, in
 * format.ts). A file of its own, so the pages' critical code, which has format.ts, does not
 * carry it.
 */
export function formatMoney({ amount, currencyCode }: Money): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: currencyCode }).format(Number(amount))
  } catch {
    return `${Number(amount).toFixed(2)} ${currencyCode}`
  }
}
