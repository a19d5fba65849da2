import { formatMoney } from '../lib/format-money.ts'
import type { PageMarket } from '../model/market.ts'
import type { Money } from '../model/product.ts'

/**
 * The landing page's order buttons: the spec's words in the store's primary market, else the
 * same words with the blanket's price there ('Only CA$52 – Order Now!'), or none where there
 * is no price to give.
 */
export function orderWords(primary: boolean, price: Money | undefined): string {
  if (primary) return 'Only $38 – Order Now!'
  return price ? `Only ${formatMoney(price, true)} – Order Now!` : 'Order Now!'
}

/**
 * What the page and the cart sheet tell a shopper outside the store's primary market, beside
 * the order buttons and before the checkout button (docs/markets.md): nothing in the primary
 * market, where every spec string stands.
 */
export function marketWords(market: PageMarket | undefined): string | null {
  if (!market || market.primary || !market.country) return null
  const where = market.name ?? market.country
  if (market.ships)
    return market.currency
      ? `Ships to ${where}. Prices are in ${market.currency}, as the checkout charges them.`
      : `Ships to ${where}.`
  const shipsTo =
    market.shipsTo.length > 0
      ? ` It ships to ${new Intl.ListFormat('en', { type: 'conjunction' }).format(market.shipsTo)}: you can still order it as a gift to one of them.`
      : ''
  return `We don’t ship to ${where} yet.${shipsTo}`
}

/** The tax a price includes, by its name where the shopper lives: GST where it is called that, sales tax in the US, else VAT. */
const TAX_NAMES: Record<string, string> = { AU: 'GST', NZ: 'GST', SG: 'GST', IN: 'GST', CA: 'GST', US: 'sales tax' }

/**
 * What a market's prices include, beside every price and the sheet's total (docs/markets.md,
 * 'Tax'): 'incl. VAT' ('incl. GST' in Australia) where the market includes taxes, '+ sales
 * tax at checkout' where Shopify adds them, and the duties where the market includes them.
 */
export function taxWords(country: string, { tax, duties }: { tax: boolean; duties: boolean }): string {
  if (tax) return `incl. ${TAX_NAMES[country] ?? 'VAT'}${duties ? ' and duties' : ''}`
  return duties ? 'incl. duties, + sales tax at checkout' : '+ sales tax at checkout'
}
