import fc from 'fast-check'
import { expect, test } from 'vitest'
import { backFromCheckout, shopRedirectPath } from '../../src/routes/shop-redirect.ts'
import { OFF_SITE } from '../off-site.ts'

/** A property's runs are a fixed amount of work: on a busy machine it takes longer, never less. */
const PROPERTY_TIMEOUT_MS = 30_000

// Where the discount door and /cart may send a browser (src/routes/shop-redirect.ts): only to
// the shop. Node's URL is the WHATWG parser every browser resolves a `Location` with.

const SHOP = 'https://shop.example'
/** Where a browser on the shop goes when told `Location: location`. */
const landsOn = (location: string) => new URL(location, `${SHOP}/discount/SAVE10`)

test.each(OFF_SITE)('a discount link to %j is refused', (asked) => {
  expect(shopRedirectPath(asked, SHOP)).toBeNull()
})

test.each([
  ['/', '/'],
  ['/product/toddler-blanket?utm_source=mail', '/product/toddler-blanket?utm_source=mail'],
  ['/product/x/../toddler-blanket', '/product/toddler-blanket'],
  ['/%2e/terms', '/terms'],
  ['/en-de/product/toddler-blanket#reviews', '/en-de/product/toddler-blanket'],
  ['/b%C3%A9b%C3%A9', '/b%C3%A9b%C3%A9'],
])('a discount link to %j leads to %j, as the browser resolves it', (asked, location) => {
  expect(shopRedirectPath(asked, SHOP)).toBe(location)
})

/** Paths built of the pieces browsers normalise: dot segments spelled every way, slashes, backslashes, controls, encodings. */
const pieces = fc.constantFrom(
  '/',
  '//',
  '\\',
  '.',
  '..',
  '%2e',
  '%2E',
  '%2e%2e',
  '.%2e',
  '%2f',
  '%5c',
  '\t',
  '\n',
  '\r',
  '@',
  ':',
  '?',
  '#',
  'evil.example',
  'product',
  'x',
  ' ',
  '%00',
  'é',
)
const paths = fc.array(pieces, { minLength: 1, maxLength: 12 }).map((parts) => parts.join(''))

test(
  'property: every Location a discount link sends resolves to the shop, at a path that is not scheme-relative',
  () => {
    fc.assert(
      fc.property(
        fc.oneof(
          paths,
          paths.map((p) => `/${p}`),
          fc.string(),
        ),
        (asked) => {
          const location = shopRedirectPath(asked, SHOP)
          if (location === null) return
          expect(landsOn(location).origin).toBe(SHOP)
          expect(location).toMatch(/^\/(?![/\\])/)
          // Sent as written, it is what the browser resolves it to: nothing left for a second normalisation.
          expect(landsOn(location).pathname + landsOn(location).search).toBe(location)
        },
      ),
      { numRuns: 1000 },
    )
  },
  PROPERTY_TIMEOUT_MS,
)

test(
  'property: /cart sends the browser only to the shop, never back to /cart, whatever the Referer',
  () => {
    fc.assert(
      fc.property(
        fc.oneof(
          paths.map((p) => `${SHOP}/${p}`),
          paths.map((p) => `${SHOP}${p}`),
          fc.webUrl(),
          fc.string(),
        ),
        (referer) => {
          const location = backFromCheckout(referer, SHOP)
          const target = landsOn(location)
          expect(target.origin).toBe(SHOP)
          expect(location).toMatch(/^\/(?![/\\])[^#]*#cart$/)
          expect(target.pathname).not.toMatch(/^\/cart\/?$/)
        },
      ),
      { numRuns: 1000 },
    )
  },
  PROPERTY_TIMEOUT_MS,
)

test.each([
  [`${SHOP}//evil.example/x`, '/#cart'],
  [`${SHOP}/.//evil.example/x`, '/#cart'],
  [`${SHOP}/cart`, '/#cart'],
  [`${SHOP}/cart/`, '/#cart'],
  [`${SHOP}/%63art`, '/%63art#cart'],
  ['https://evil.example/product/toddler-blanket', '/#cart'],
  [`${SHOP}/product/toddler-blanket?utm_source=x`, '/product/toddler-blanket?utm_source=x#cart'],
  // Only /cart itself is no way back: a page whose path ends or begins with the word is one.
  [`${SHOP}/product/cart`, '/product/cart#cart'],
  [`${SHOP}/cartoon`, '/cartoon#cart'],
  [undefined, '/#cart'],
])('/cart with the Referer %j goes back to %j', (referer, location) => {
  expect(backFromCheckout(referer, SHOP)).toBe(location)
})
