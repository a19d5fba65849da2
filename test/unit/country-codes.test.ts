import { createRequire } from 'node:module'
import { expect, test } from 'vitest'
import { COUNTRY_CODES, shopperCountry } from '../../src/storefront/country-codes.ts'

const require = createRequire(import.meta.url)
const schema = require('../../storefront-double/storefront-2025-07.schema.json') as {
  __schema: { types: { name: string; enumValues?: { name: string }[] }[] }
}

test("the shop's country codes are the Storefront API's CountryCode values, but its unknown region", () => {
  const values = schema.__schema.types
    .find((type) => type.name === 'CountryCode')!
    .enumValues!.map((value) => value.name)
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
