import fc from 'fast-check'
import { expect, test } from 'vitest'
import {
  afterArrival,
  arrivalTouch,
  ATTRIBUTION_DAYS,
  CAMPAIGN_KEYS,
  CAPS,
  cartAttributes,
  readAttribution,
  sourceOf,
  withCampaign,
} from '../../client/model/attribution.ts'

const NOW = Date.parse('2026-12-20T09:00:00Z')
const DAY = 24 * 60 * 60_000
const shop = (query: string, path = '/') => new URL(`https://shop.example.com${path}${query}`)

test('an arrival keeps the campaign words, the referring host (never its address) and the landing path, nothing else', () => {
  expect(
    arrivalTouch(
      shop('?utm_source=giftguide&utm_campaign=xmas&utm_id=9&fbclid=abc&email=a@b.c', '/product/toddler-blanket'),
      'https://news.example.org/gifts/2026?reader=42',
      NOW,
    ),
  ).toEqual({
    at: NOW,
    utm_source: 'giftguide',
    utm_campaign: 'xmas',
    referrer: 'news.example.org',
    landing: '/product/toddler-blanket',
  })
})

test.each([
  ['a link inside the shop', 'https://shop.example.com/about'],
  ['the shop’s other host', 'https://www.shop.example.com/'],
  ['Shopify’s checkout, coming back', 'https://blanket-shop.myshopify.com/checkouts/cn/abc'],
  ['the Shop app', 'https://shop.app/'],
  ['no referrer', ''],
  ['a referrer that is no web address', 'android-app://com.example'],
])('%s names no source: what is kept stays', (_, referrer) => {
  expect(arrivalTouch(shop(''), referrer, NOW)).toBeNull()
  const kept = { first: { at: NOW - DAY, utm_source: 'a' }, last: { at: NOW - DAY, utm_source: 'b' } }
  expect(afterArrival(kept, arrivalTouch(shop(''), referrer, NOW))).toBe(kept)
})

test('the first touch stays while it is kept; the last is the newest with a source; each lasts 30 days', () => {
  const first = arrivalTouch(shop('?utm_source=ads'), '', NOW - 10 * DAY)!
  const last = arrivalTouch(shop('?utm_source=giftguide'), '', NOW)!
  const kept = afterArrival(afterArrival({}, first), last)
  expect(kept).toEqual({ first, last })
  expect(readAttribution(kept, NOW + 20 * DAY - 1)).toEqual(kept)
  expect(readAttribution(kept, NOW + 20 * DAY + 1)).toEqual({ last })
  expect(readAttribution(kept, NOW + ATTRIBUTION_DAYS * DAY + 1)).toEqual({})
})

test('the cart’s attributes start with `_`; the checkout’s address gets the last touch’s campaign words', () => {
  const attribution = {
    first: { at: NOW - DAY, referrer: 'news.example.org', landing: '/' },
    last: { at: NOW, utm_source: 'giftguide', utm_campaign: 'xmas' },
  }
  expect(cartAttributes(attribution)).toEqual([
    { key: '_utm_source', value: 'giftguide' },
    { key: '_utm_campaign', value: 'xmas' },
    { key: '_landed_at', value: '2026-12-20T09:00:00.000Z' },
    { key: '_first_referrer', value: 'news.example.org' },
    { key: '_first_landing', value: '/' },
    { key: '_first_landed_at', value: '2026-12-19T09:00:00.000Z' },
  ])
  expect(withCampaign('https://checkout.example/cn/1?channel=online_store', attribution.last)).toBe(
    'https://checkout.example/cn/1?channel=online_store&utm_source=giftguide&utm_campaign=xmas',
  )
  expect(sourceOf(attribution.last)).toBe('giftguide')
  expect(sourceOf(attribution.first)).toBe('news.example.org')
  expect(sourceOf(undefined)).toBe('direct')
})

const KNOWN = new Set(
  ['_', '_first_'].flatMap((prefix) =>
    [...CAMPAIGN_KEYS, 'ref', 'referrer', 'landing', 'landed_at'].map((key) => prefix + key),
  ),
)

test('whatever an address or a stored line carries, only known keys pass, each capped, with no control characters; never a throw', () => {
  fc.assert(
    fc.property(
      fc.dictionary(
        fc.oneof(fc.constantFrom(...CAMPAIGN_KEYS), fc.string()),
        fc.string({ unit: 'binary', maxLength: 300 }),
      ),
      fc.oneof(fc.webUrl(), fc.string()),
      fc.anything(),
      (query, referrer, stored) => {
        const url = shop(`?${new URLSearchParams(query)}`)
        const kept = afterArrival(readAttribution(stored, NOW), arrivalTouch(url, referrer, NOW))
        for (const { key, value } of cartAttributes(kept)) {
          expect(KNOWN.has(key)).toBe(true)
          expect([...value].length).toBeLessThanOrEqual(Math.max(CAPS.word, CAPS.referrer, CAPS.landing))
          // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them
          expect(value).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
        }
        for (const key of CAMPAIGN_KEYS)
          if (kept.last?.[key]) expect([...kept.last[key]].length).toBeLessThanOrEqual(CAPS.word)
        // What is kept reads back as itself: a stored line is never changed by reading it.
        expect(readAttribution(JSON.parse(JSON.stringify(kept)), NOW)).toEqual(kept)
      },
    ),
    { numRuns: 500 },
  )
})
