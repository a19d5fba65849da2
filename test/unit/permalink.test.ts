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

test('the query’s extras: a discount is checked, a note capped, attributes and ref kept', () => {
  expect(
    permalinkExtras(new URLSearchParams('discount=SAVE10,WINTER&note=Hi&attributes[gift]=yes&ref=catalog')),
  ).toEqual({
    discountCodes: ['SAVE10', 'WINTER'],
    note: 'Hi',
    attributes: [
      { key: 'gift', value: 'yes' },
      { key: 'ref', value: 'catalog' },
    ],
  })
  expect(permalinkExtras(new URLSearchParams('discount=<b>'))).toMatch(/discount code/)
  expect(permalinkExtras(new URLSearchParams(`note=${'x'.repeat(1001)}`))).toMatch(/1,000/)
  expect(permalinkExtras(new URLSearchParams(''))).toEqual({})
  expect(permalinkExtras(new URLSearchParams(`note=${'x'.repeat(1000)}`))).toEqual({ note: 'x'.repeat(1000) })
})

test('attributes: only `attributes[name]`, at most 20, each value cut to 1,000; ref cut to 100', () => {
  // Names that only look like attributes come first, where the cap of 20 would keep them.
  const query = new URLSearchParams()
  query.append('xattributes[b]', 'v')
  query.append('attributes[c]x', 'v')
  for (let i = 0; i < 25; i++) query.append(`attributes[a${i}]`, 'v')
  const { attributes } = permalinkExtras(query) as { attributes: { key: string }[] }
  expect(attributes.map((attribute) => attribute.key)).toEqual(Array.from({ length: 20 }, (_, i) => `a${i}`))
  const long = permalinkExtras(new URLSearchParams(`attributes[gift]=${'v'.repeat(1200)}&ref=${'r'.repeat(150)}`))
  expect(long).toEqual({
    attributes: [
      { key: 'gift', value: 'v'.repeat(1000) },
      { key: 'ref', value: 'r'.repeat(100) },
    ],
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
