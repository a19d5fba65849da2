import { use } from 'react'
import { MarketsContext } from '../../markets-context.ts'

const list = (items: string[]) => new Intl.ListFormat('en', { type: 'conjunction' }).format(items)

/**
 * Which currencies the shop's prices are in, from Shopify's markets as the server knows them
 * with the product (src/market.ts, `marketsInWords`): never a list typed here, which
 * the owner's next market would make untrue. A static section: the server writes it.
 */
export function Currencies() {
  const resource = use(MarketsContext)
  const markets = resource && use(resource)
  const words = !markets
    ? 'Where the shop’s pages price in your country’s own currency, every price you see is in that currency and is what the checkout charges; elsewhere the page shows the currency the checkout charges.'
    : `${
        markets.currencies.length > 0
          ? `Prices are in ${list(markets.currencies.map(({ currency, countries }) => `${currency} in ${list(countries)}`))}: every price you see there is in that currency and is what the checkout charges. `
          : ''
      }Everywhere else prices are in ${markets.primaryCurrency}, and the checkout charges ${markets.primaryCurrency}.`
  return (
    <p>
      Prices include shipping. {words} Beside each price the page says whether tax is in it: where it says ‘incl. VAT’
      or ‘incl. GST’, it is; where it says ‘+ sales tax at checkout’, the checkout adds the sales tax for your address
      and shows the total before you pay.
    </p>
  )
}
