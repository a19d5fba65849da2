import { expect, test } from 'vitest'
import { COUNTRY_CODES, shopperCountry } from '../../src/storefront/country-codes.ts'
import type { GraphQLEnumType } from 'graphql'
import { buildStorefrontSchema } from '../../storefront-double/storefront-schema.ts'

const countryCode = buildStorefrontSchema().getType('CountryCode') as GraphQLEnumType

test("the shop's country codes are the Storefront API's CountryCode values, but its unknown region", () => {
  const values = countryCode.getValues().map((value) => value.name)
  expect([...COUNTRY_CODES].sort()).toEqual(values.filter((code) => code !== 'ZZ').sort())
})

test("a request's country is taken only when Shopify knows it", () => {
  const asked = (country?: unknown) =>
    shopperCountry({ cf: country === undefined ? undefined : { country } } as unknown as Request)
  expect(asked('DE')).toBe('DE')
  expect(asked('BR')).toBe('BR')
  // Cloudflare's 'no country known', Tor, no `cf` at all (a request from inside Cloudflare), Shopify's 'unknown'.
  for (const country of ['XX', 'T1', undefined, 'ZZ', 'de', 42]) expect(asked(country)).toBeNull()
})
