import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID, MARKETS } from '../../storefront-double/catalog'
import { startShop, type Shop } from '../../scripts/harness/shop'
import type { MarketAnswer } from '../../client/model/market'

// A shopper in another country, as Cloudflare says (`request.cf.country`): the page is one for
// everyone, the answer beside its price is theirs, and the cart is made in their market.

const inCountry = (country: string | undefined, init: RequestInit = {}) => ({ ...init, cf: { country, colo: 'FRA' } }) as RequestInit
const marketFor = async (shop: Shop, country: string | undefined, handle = 'toddler-blanket') => {
  const res = await shop.fetchWithCf(`/market?handle=${handle}`, inCountry(country))
  return { status: res.status, cacheControl: res.headers.get('Cache-Control'), answer: (await res.json()) as MarketAnswer & { error?: string } }
}

describe('the answer for each country', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop({ PRODUCT_CACHE_FRESH_SECONDS: '60' })
  })
  afterAll(() => shop?.dispose())
  beforeEach(() => shop.double.reset())

  test('US, the primary market: nothing to add, and no price asked of Shopify', async () => {
    expect((await marketFor(shop, 'US')).answer).toEqual({ kind: 'primary' })
    expect(shop.double.callsOf('CountryOffer')).toEqual([])
  })

  test('DE: it ships, and costs the first variant’s price there, in euros, asked @inContext(country: DE)', async () => {
    const { status, cacheControl, answer } = await marketFor(shop, 'DE')
    expect(status).toBe(200)
    expect(answer).toEqual({ kind: 'ships', country: 'DE', name: 'Germany', price: { amount: '35.00', currencyCode: MARKETS.DE!.currency }, approximate: false })
    // Never kept by Workers Cache, which keys by URL alone.
    expect(cacheControl).toBe('private, max-age=60')
    expect(shop.double.callsOf('CountryOffer').map((call) => call.variables)).toEqual([{ handle: 'toddler-blanket', country: 'DE' }])
  })

  test('BR: not shipped, named in words, and no price asked of Shopify', async () => {
    expect((await marketFor(shop, 'BR')).answer).toEqual({ kind: 'not-shipped', country: 'BR', name: 'Brazil' })
    expect(shop.double.callsOf('CountryOffer')).toEqual([])
  })

  test('no country, Tor, or one Shopify does not know: nothing to add, and Shopify is not asked', async () => {
    for (const country of [undefined, 'T1', 'XX']) expect((await marketFor(shop, country)).answer).toEqual({ kind: 'unknown' })
    expect(shop.double.callsOf('CountryOffer')).toEqual([])
  })

  test('each country’s answer is kept at the edge for that country alone', async () => {
    await marketFor(shop, 'CA')
    await marketFor(shop, 'GB')
    const again = await marketFor(shop, 'CA')
    expect(again.answer).toMatchObject({ kind: 'ships', name: 'Canada', price: { amount: '52.00', currencyCode: 'CAD' } })
    expect((await marketFor(shop, 'GB')).answer).toMatchObject({ kind: 'ships', name: 'United Kingdom', price: { currencyCode: 'GBP' } })
    expect(shop.double.callsOf('CountryOffer').map((call) => call.variables.country)).toEqual(['CA', 'GB'])
  })

  test('a bad handle is a 400 that says so; a product the shop lacks a 404', async () => {
    const bad = await marketFor(shop, 'DE', 'Not%20A%20Handle')
    expect(bad.status).toBe(400)
    expect(bad.answer).toMatchObject({ error: 'Invalid market request', issues: [{ path: 'handle', message: 'is not a product handle' }] })
    expect((await marketFor(shop, 'DE', 'no-such-blanket')).status).toBe(404)
  })
})

describe('while Shopify fails', () => {
  let shop: Shop
  beforeAll(async () => {
    // Nothing is fresh, so every answer asks again; a kept one may be served for an hour while Shopify fails.
    shop = await startShop({ PRODUCT_CACHE_FRESH_SECONDS: '0', PRODUCT_CACHE_SWR_SECONDS: '0', PRODUCT_CACHE_STALE_IF_ERROR_SECONDS: '3600' })
  })
  afterAll(() => shop?.dispose())

  test('an answer kept before is served, its price said as "about"; with none kept, a 503 and nothing to add', async () => {
    expect((await marketFor(shop, 'AU')).answer).toMatchObject({ kind: 'ships', approximate: false })
    shop.double.setFault({ kind: 'status', status: 500 }, 'CountryOffer')
    expect((await marketFor(shop, 'AU')).answer).toMatchObject({ kind: 'ships', price: { amount: '58.00', currencyCode: 'AUD' }, approximate: true })
    const never = await marketFor(shop, 'NL')
    expect(never.status).toBe(503)
    expect(never.cacheControl).toBe('no-store')
    expect(never.answer.kind).toBe('unknown')
    expect(shop.logEntries().some((entry) => entry.message === 'market answer failed' && entry.requestId && entry.country === 'NL')).toBe(true)
  })
})

describe('a client asking past its limit', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop({}, { storefrontCallsPerMinute: 2 })
  })
  afterAll(() => shop?.dispose())

  test('an answer not kept costs the client a Shopify call: past the limit, a 429 no cache keeps, logged', async () => {
    // The first answer asks Shopify twice on this client's account: the country's price, and the product no read has yet kept.
    expect((await marketFor(shop, 'FR')).answer).toMatchObject({ kind: 'ships', name: 'France' })
    // Kept: asking again costs nothing.
    expect((await marketFor(shop, 'FR')).status).toBe(200)
    const refused = await marketFor(shop, 'IE')
    expect(refused.status).toBe(429)
    expect(refused.cacheControl).toBe('no-store')
    expect(refused.answer).toEqual({ kind: 'unknown', error: 'Too many requests; please try again in a minute' })
    expect(shop.double.callsOf('CountryOffer').map((call) => call.variables.country)).toEqual(['FR'])
    expect(shop.logEntries().some((entry) => entry.message === 'market answer refused by the rate limit' && entry.country === 'IE' && entry.requestId)).toBe(true)
  })
})

describe('one kept page for every country', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop({ HTML_CACHE_SECONDS: '600' })
  })
  afterAll(() => shop?.dispose())

  test('a German shopper after a Brazilian one is served the same kept page, with nothing of either shopper in it and no Vary on one', async () => {
    const brazil = await shop.fetchWithCf('/', inCountry('BR'))
    const germany = await shop.fetchWithCf('/', inCountry('DE'))
    expect(brazil.headers.get('cf-cache-status')).toBe('MISS')
    expect(germany.headers.get('cf-cache-status')).toBe('HIT')
    const [first, second] = [await brazil.text(), await germany.text()]
    expect(second).toBe(first)
    expect(germany.headers.get('Vary') ?? '').not.toMatch(/country/i)
    // Where the shop ships is on it, the same for everyone (Germany among them, Brazil not);
    // no shopper's own price or country.
    expect(first.replaceAll('<!-- -->', '').includes('We ship to Australia, Canada, France, Germany, Ireland, Netherlands, United Kingdom, and United States.')).toBe(true)
    expect(first).not.toMatch(/Brazil|€|\bBR\b/)
    // Every spec string of the landing page, word for word, and no market line in what is kept.
    for (const words of ['Only $38 – Order Now!', 'yes, shipping is included']) expect(first).toContain(words)
    expect(first).toMatch(/<p role="status" data-testid="market-line"[^>]*><\/p>/)
  })
})

describe('a checkout in the shopper’s market', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop()
  })
  afterAll(() => shop?.dispose())
  beforeEach(() => shop.double.reset())

  const lines = [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 2 }]

  test('cartCreate carries the country in buyerIdentity and @inContext, and the checkout opens in euros', async () => {
    const res = await shop.fetchWithCf('/checkout', inCountry('DE', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' }, body: JSON.stringify({ lines }) }))
    expect(res.status).toBe(200)
    expect(shop.double.callsOf('CartCreate').map((call) => call.variables)).toEqual([{ input: { lines, buyerIdentity: { countryCode: 'DE' } }, country: 'DE' }])
    const page = await (await fetch(((await res.json()) as { checkoutUrl: string }).checkoutUrl)).text()
    expect(page).toContain('<strong id="total">€70.00</strong> <span id="currency">EUR</span>')
  })

  test('the form post without JavaScript does the same', async () => {
    const body = new URLSearchParams({ merchandiseId: BLANKET_VARIANT_ID, quantity: '1' })
    const res = await shop.fetchWithCf('/checkout', inCountry('GB', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' }, body }))
    expect(res.status).toBe(303)
    expect(shop.double.callsOf('CartCreate')[0]!.variables).toMatchObject({ input: { buyerIdentity: { countryCode: 'GB' } }, country: 'GB' })
    expect(await (await fetch(res.headers.get('Location')!)).text()).toContain('<strong id="total">£30.00</strong>')
  })

  test('a country Shopify does not know is not sent: the cart is the primary market’s', async () => {
    await shop.fetchWithCf('/checkout', inCountry('T1', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' }, body: JSON.stringify({ lines }) }))
    expect(shop.double.callsOf('CartCreate').map((call) => call.variables)).toEqual([{ input: { lines } }])
  })
})
