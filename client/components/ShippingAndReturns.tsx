import { use } from 'react'
import { DELIVERY_TIME, RETURNS } from '../content/policies.ts'
import { MarketsContext } from '../markets-context.ts'

/**
 * What the structured data tells search engines of shipping and returns, where the shopper
 * reads it (Google asks that the markup match the page): the times and the return policy
 * from content/policies.ts, and the countries Shopify ships to. A static section: the server
 * draws it, with the product's answer.
 */
export function ShippingAndReturns() {
  const resource = use(MarketsContext)
  const countries = (resource && use(resource)?.shipsTo) ?? []
  return (
    <section
      aria-labelledby="shipping-and-returns"
      className="mt-6 space-y-2 text-sm text-stone-700"
      data-testid="shipping-and-returns"
    >
      <h2 id="shipping-and-returns" className="text-base font-bold text-stone-900">
        Shipping and returns
      </h2>
      <p>Shipping is included in the price. {DELIVERY_TIME}</p>
      {countries.length > 0 && (
        <p>We ship to {new Intl.ListFormat('en', { type: 'conjunction' }).format(countries)}.</p>
      )}
      <p>
        {RETURNS}{' '}
        <a href="/terms" className="font-semibold text-orange-800 underline">
          Terms of use
        </a>
      </p>
    </section>
  )
}
