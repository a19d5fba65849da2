import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  formatPermalinkItems,
  isPageNavigation,
  parsePermalinkItems,
  permalinkExtras,
} from '../../src/routes/permalink.ts'

/** A property's runs are a fixed amount of work: on a busy machine it takes longer, never less. */
const PROPERTY_TIMEOUT_MS = 30_000

// What an outsider can put in a cart permalink (src/routes/permalink.ts).

test(
  'property: a parsed permalink formats back to exactly itself; anything else is refused whole',
  () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '47261540',
        'SQS-BLANKET-3040',
        ':',
        ',',
        '0',
        '00',
        '1',
        '99',
        '100',
        '999',
        '1000',
        '-',
        '.',
        '',
      ),
      fc.string({ maxLength: 6 }),
    )
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (parts) => {
        const list = parts.join('')
        const items = parsePermalinkItems(list)
        if (items === null) return
        expect(formatPermalinkItems(items)).toBe(list)
        for (const { item, quantity } of items) {
          expect(item).toMatch(/^[A-Za-z0-9._-]{1,64}$/)
          expect(Number.isInteger(quantity) && quantity >= 0 && quantity <= 999).toBe(true)
        }
      }),
      { numRuns: 1000 },
    )
  },
  PROPERTY_TIMEOUT_MS,
)

test(
  'property: every well-formed list parses to its items',
  () => {
    const item = fc.record({
      item: fc.stringMatching(/^[A-Za-z0-9._-]{1,64}$/),
      quantity: fc.integer({ min: 0, max: 999 }),
    })
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 20 }), (items) => {
        expect(parsePermalinkItems(formatPermalinkItems(items))).toEqual(items)
      }),
    )
  },
  PROPERTY_TIMEOUT_MS,
)

test.each([
  '',
  ',',
  '47261540:',
  ':1',
  '47261540:01',
  '47261540:1000',
  '47261540:1,',
  '47261540:1:2',
  '47261540:+1',
  '47261540:1e2',
  '47261540:-1',
  '4726%2C1540:1',
  'gid://shopify/ProductVariant/1:1',
  `${'a'.repeat(65)}:1`,
  '47261540: 1',
])('%j is not a permalink', (list) => {
  expect(parsePermalinkItems(list)).toBeNull()
})

const NOW = Date.parse('2026-12-08T10:00:00Z')

test('the query’s extras: a discount is checked, a note capped; ref and the campaign words are the link’s own attribution', () => {
  expect(
    permalinkExtras(
      new URLSearchParams('discount=SAVE10,WINTER&note=Hi&ref=catalog&utm_source=giftguide&utm_campaign=xmas'),
      NOW,
    ),
  ).toEqual({
    extras: { discountCodes: ['SAVE10', 'WINTER'], note: 'Hi' },
    attribution: { last: { at: NOW, ref: 'catalog', utm_source: 'giftguide', utm_campaign: 'xmas' } },
  })
  expect(permalinkExtras(new URLSearchParams('discount=<b>'), NOW)).toMatch(/discount code/)
  expect(permalinkExtras(new URLSearchParams(`note=${'x'.repeat(1001)}`), NOW)).toMatch(/1,000/)
  expect(permalinkExtras(new URLSearchParams(''), NOW)).toEqual({ extras: {}, attribution: {} })
  expect(permalinkExtras(new URLSearchParams(`note=${'x'.repeat(1000)}`), NOW)).toEqual({
    extras: { note: 'x'.repeat(1000) },
    attribution: {},
  })
})

test('only known keys reach the cart: `attributes[…]` and unknown words are dropped; ref and each word cut to 100, control characters gone', () => {
  const query = new URLSearchParams()
  for (let i = 0; i < 25; i++) query.append(`attributes[a${i}]`, 'v')
  query.append('utm_id', 'x')
  query.append('ref', `r\u0000\n${'r'.repeat(150)}`)
  query.append('utm_term', 'blanket\u0007 gift')
  const asked = permalinkExtras(query, NOW) as Exclude<ReturnType<typeof permalinkExtras>, string>
  expect(asked).toEqual({
    extras: {},
    attribution: { last: { at: NOW, ref: 'r'.repeat(100), utm_term: 'blanket gift' } },
  })
})

// Fetch Metadata as Chromium, Firefox and WebKit send it.
test.each([
  [
    'a link followed, from any site',
    { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': 'cross-site' },
    true,
  ],
  ['an address typed', { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Fetch-Site': 'none' }, true],
  ['a browser or agent that sends no Fetch Metadata', {}, true],
  ['an <img>', { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'image', 'Sec-Fetch-Site': 'cross-site' }, false],
  ['a <script>', { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'script' }, false],
  ['an <iframe>', { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'iframe' }, false],
  ['an <object>', { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'object' }, false],
  ['a document not navigated to', { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'document' }, false],
  ['a fetch()', { 'Sec-Fetch-Mode': 'cors', 'Sec-Fetch-Dest': 'empty' }, false],
  ['a no-cors fetch()', { 'Sec-Fetch-Mode': 'no-cors', 'Sec-Fetch-Dest': 'empty' }, false],
  [
    'a prefetch by speculation rules',
    { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Purpose': 'prefetch' },
    false,
  ],
  [
    'a prerender',
    { 'Sec-Fetch-Mode': 'navigate', 'Sec-Fetch-Dest': 'document', 'Sec-Purpose': 'prefetch;prerender' },
    false,
  ],
  ['Node’s fetch, which sends a lone Sec-Fetch-Mode: cors', { 'Sec-Fetch-Mode': 'cors' }, true],
])('%s: a page navigation is %s', (_, headers, navigation) => {
  expect(isPageNavigation(new Headers(headers))).toBe(navigation)
})
