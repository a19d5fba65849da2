import { expect, test } from 'vitest'
import { shippingDestinations } from '../../scripts/report/shipping.ts'

const page = (jsonLd: unknown) =>
  `<html><head><script type="application/ld+json">${JSON.stringify(jsonLd).replaceAll('<', '\\u003c')}</script></head></html>`

test('the report reads where the shop ships from the landing page’s structured data', () => {
  const destinations = ['US', 'DE', 'GB'].map((addressCountry) => ({ '@type': 'DefinedRegion', addressCountry }))
  // The return policy's countries are not shipping destinations.
  expect(
    shippingDestinations(
      page({
        '@type': 'Product',
        offers: {
          shippingDetails: { shippingDestination: destinations },
          hasMerchantReturnPolicy: { applicableCountry: ['FR'] },
        },
      }),
    ),
  ).toEqual(['US', 'DE', 'GB'])
})

test('a page with no shipping destination is said to be one', () => {
  expect(() => shippingDestinations('<html><head></head></html>')).toThrow('names no shipping destination')
})
