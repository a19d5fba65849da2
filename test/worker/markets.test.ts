import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'

// A shopper in another country, as Cloudflare says (`request.cf.country`): the page they get
// is their market's, kept at the edge once per market, with the price their checkout charges.

const inCountry = (country: string | undefined, init: RequestInit = {}) =>
  ({ ...init, cf: { country, colo: 'FRA' } }) as RequestInit
const text = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '')
/** A dollar figure as the page would paint it: '$38', '$38.00', never 'CA$52' or 'A$58'. */
const DOLLARS = /(?<![A-Z])\$\d/

describe('a page for each market', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop({ HTML_CACHE_SECONDS: '600' })
  })
  afterAll(() => shop?.dispose())

  test.each([
    ['US', 'Only $38 – Order Now!', '$38.00', null, '+ sales tax at checkout'],
    [
      'CA',
      'Only CA$52 – Order Now!',
      'CA$52.00',
      'Ships to Canada. Prices are in CAD, as the checkout charges them.',
      '+ sales tax at checkout',
    ],
    [
      'DE',
      'Only €35 – Order Now!',
      '€35.00',
      'Ships to Germany. Prices are in EUR, as the checkout charges them.',
      'incl. VAT',
    ],
    [
      'GB',
      'Only £30 – Order Now!',
      '£30.00',
      'Ships to United Kingdom. Prices are in GBP, as the checkout charges them.',
      'incl. VAT',
    ],
  ])(
    '%s: the landing and product pages at the unprefixed address say its price, in its currency, and no other, with what it includes',
    async (country, order, price, note, tax) => {
      const landing = await text(await shop.fetchWithCf('/', inCountry(country)))
      const product = await text(await shop.fetchWithCf('/product/toddler-blanket', inCountry(country)))
      expect(landing).toContain(`>${order}<`)
      expect(product).toContain(`data-testid="price">${price}<`)
      // Beside the price on the product page, under each order button on the landing page.
      expect(product).toContain(
        `data-testid="price">${price}</span><span class="text-sm font-semibold text-stone-700" data-testid="tax-words">${tax}<`,
      )
      expect(landing.match(/data-testid="tax-words">([^<]*)</g)).toEqual([
        `data-testid="tax-words">${tax}<`,
        `data-testid="tax-words">${tax}<`,
      ])
      for (const page of [landing, product]) {
        if (note) expect(page).toContain(note)
        else expect(page).not.toContain('data-testid="market-note"')
        // The structured data's offer is the page's price, and says what the page says of tax.
        const offer = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)![1]!).offers
        expect([Number(offer.price), offer.priceCurrency]).toEqual([
          Number(price.replace(/[^\d.]/g, '')),
          { US: 'USD', CA: 'CAD', DE: 'EUR', GB: 'GBP' }[country],
        ])
        expect(offer.priceSpecification).toEqual({
          '@type': 'UnitPriceSpecification',
          price: offer.price,
          priceCurrency: offer.priceCurrency,
          valueAddedTaxIncluded: tax.startsWith('incl.'),
        })
        if (country !== 'US')
          expect(page.replace(/<script type="application\/json"[\s\S]*?<\/script>/g, '')).not.toMatch(DOLLARS)
      }
    },
  )

  test('a country Shopify does not ship to: told so beside the buttons, with where it does ship; priced as its checkout is', async () => {
    // Japan: no market, so Shopify charges the store's dollars; Switzerland: a market (francs), but not shipped to.
    const japan = await text(await shop.fetchWithCf('/', inCountry('JP')))
    expect(japan).toContain('>Only $38 – Order Now!<')
    expect(japan).toContain(
      'We don’t ship to Japan yet. It ships to Australia, Canada, France, Germany, Ireland, Mexico, Netherlands, United Kingdom, and United States: you can still order it as a gift to one of them.',
    )
    const switzerland = await text(await shop.fetchWithCf('/', inCountry('CH')))
    expect(switzerland).toContain('>Only CHF\u00a034 – Order Now!<')
    expect(switzerland).toContain('We don’t ship to Switzerland yet.')
    // Mexico is shipped to without a market of its own: dollars, and no 'we don't ship'.
    const mexico = await text(await shop.fetchWithCf('/', inCountry('MX')))
    expect(mexico).toContain('>Only $38 – Order Now!<')
    expect(mexico).toContain('Ships to Mexico.')
  })

  test('a page kept for one market is never served to another, and a second request in the same market is the edge’s copy', async () => {
    shop.double.reset()
    const pagesRendered = (path: string) =>
      shop.logEntries().filter((entry) => entry.message === 'request' && entry.path === path).length
    const ireland = await text(await shop.fetchWithCf('/product/toddler-blanket', inCountry('IE')))
    const australia = await text(await shop.fetchWithCf('/product/toddler-blanket', inCountry('AU')))
    const irelandAgain = await text(await shop.fetchWithCf('/product/toddler-blanket', inCountry('IE')))
    expect(ireland).toContain('€35.00')
    expect(australia).toContain('A$58.00')
    expect(australia).not.toContain('€')
    expect(irelandAgain).toBe(ireland)
    // Rendered once per market: the second Irish request was answered from the kept /en-ie page.
    expect(pagesRendered('/en-ie/product/toddler-blanket')).toBe(1)
    expect(pagesRendered('/en-au/product/toddler-blanket')).toBe(1)
    const direct = await shop.fetch('/en-ie/product/toddler-blanket')
    expect(direct.headers.get('cf-cache-status')).toBe('HIT')
    expect(await text(direct)).toBe(ireland)
    // Each market's prices were asked of Shopify once.
    expect(
      shop.double
        .callsOf('CountryOffer')
        .map((call) => call.variables.country)
        .sort(),
    ).toEqual(['AU', 'IE'])
  })

  test('the unprefixed answer is never kept under its own address; a market’s page is, with its canonical and hreflang', async () => {
    const res = await shop.fetchWithCf('/', inCountry('NL'))
    expect(res.headers.get('cf-cache-status')).toBe('DYNAMIC')
    const page = await text(res)
    expect(page).toContain(`<link rel="canonical" href="http://127.0.0.1:8787/en-nl"/>`)
    expect(page).toContain(`<link rel="alternate" hrefLang="en-US" href="http://127.0.0.1:8787/"/>`)
    expect(page).toContain(`<link rel="alternate" hrefLang="en-CA" href="http://127.0.0.1:8787/en-ca"/>`)
    expect(page).toContain(`<link rel="alternate" hrefLang="x-default" href="http://127.0.0.1:8787/"/>`)
    // The offer search engines read is at the page that shows its price.
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)![1]!)
    expect([data.url, data.offers.url, data.offers.priceCurrency]).toEqual([
      'http://127.0.0.1:8787/en-nl/product/toddler-blanket',
      'http://127.0.0.1:8787/en-nl',
      'EUR',
    ])
    const us = await text(await shop.fetchWithCf('/', inCountry('US')))
    expect(us).toContain(`<link rel="canonical" href="http://127.0.0.1:8787/"/>`)
  })

  test('the Terms name each currency Shopify’s markets price in, with its countries; without Shopify’s answer they still stand', async () => {
    const terms = await text(await shop.fetchWithCf('/terms', inCountry('ES')))
    expect(terms).toContain(
      'Prices are in AUD in Australia, CAD in Canada, CHF in Switzerland, EUR in France, Germany, Ireland, and Netherlands, and GBP in United Kingdom: every price you see there is in that currency and is what the checkout charges. Everywhere else prices are in USD, and the checkout charges USD.',
    )
    expect(terms).not.toContain('euro countries')
    // Beside a US or Canadian price stands '+ sales tax at checkout': the Terms say so, and promise no price the page cannot show.
    expect(terms).toContain(
      'where it says ‘+ sales tax at checkout’, the checkout adds the sales tax for your address and shows the total before you pay.',
    )
    expect(terms).not.toContain('The page shows the price you will pay')
    // A shop that has never had Shopify's answer: the Terms name no currency, and still stand.
    const failing = await startShop()
    try {
      failing.double.setFault({ kind: 'status', status: 500 })
      const res = await failing.fetchWithCf('/terms', inCountry('IE'))
      expect(res.status).toBe(200)
      expect(await text(res)).toContain('Where the shop’s pages price in your country’s own currency')
    } finally {
      await failing.dispose()
    }
  })

  test('no country, Tor or XX: the primary market’s page, every spec string as written', async () => {
    for (const country of [undefined, 'T1', 'XX']) {
      const page = await text(await shop.fetchWithCf('/', inCountry(country)))
      for (const words of ['>Only $38 – Order Now!<', 'yes, shipping is included']) expect(page).toContain(words)
      expect(page).not.toContain('data-testid="market-note"')
    }
  })

  test('a prefix that names no country is the 404 page', async () => {
    expect((await shop.fetch('/en-qq/product/toddler-blanket')).status).toBe(404)
  })
})

describe('one place for Shopify’s answers', () => {
  let shop: Shop
  beforeAll(async () => {
    // Nothing is fresh, so every read asks again; a kept answer may stand in for an hour while Shopify fails.
    shop = await startShop({
      PRODUCT_CACHE_FRESH_SECONDS: '0',
      PRODUCT_CACHE_SWR_SECONDS: '0',
      PRODUCT_CACHE_STALE_IF_ERROR_SECONDS: '3600',
    })
  })
  afterAll(() => shop?.dispose())
  beforeEach(() => shop.double.reset())

  test('concurrent misses for one country share one Storefront call', async () => {
    const release = shop.double.hold()
    const answers = Array.from({ length: 20 }, () => shop.fetchWithCf('/market?handle=toddler-blanket&country=NL'))
    await new Promise((resolve) => setTimeout(resolve, 300))
    release()
    for (const res of await Promise.all(answers)) expect(res.status).toBe(200)
    expect(shop.double.callsOf('CountryOffer')).toHaveLength(1)
  })

  test('while Shopify fails, a kept price stands in; with none kept, a failure is remembered briefly rather than asked again by every reader', async () => {
    expect(
      ((await (await shop.fetchWithCf('/market?handle=toddler-blanket&country=AU')).json()) as { price: unknown })
        .price,
    ).toEqual({ amount: '58.00', currencyCode: 'AUD' })
    shop.double.setFault({ kind: 'status', status: 500 }, 'CountryOffer')
    expect(
      ((await (await shop.fetchWithCf('/market?handle=toddler-blanket&country=AU')).json()) as { price: unknown })
        .price,
    ).toEqual({ amount: '58.00', currencyCode: 'AUD' })
    const first = await shop.fetchWithCf('/market?handle=toddler-blanket&country=IE')
    expect(first.status).toBe(503)
    expect(first.headers.get('Cache-Control')).toBe('no-store')
    const callsAfterFirst = shop.double.callsOf('CountryOffer').length
    for (let i = 0; i < 5; i++)
      expect((await shop.fetchWithCf('/market?handle=toddler-blanket&country=IE')).status).toBe(503)
    expect(shop.double.callsOf('CountryOffer')).toHaveLength(callsAfterFirst)
    expect(
      shop
        .logEntries()
        .some((entry) => entry.message === 'market answer failed' && entry.requestId && entry.country === 'IE'),
    ).toBe(true)
  })
})

describe('the /market answer', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop({}, { storefrontCallsPerMinute: 1 })
  })
  afterAll(() => shop?.dispose())

  test('validate, ask the store, answer: a bad handle or country is a 400 that says so; no token is spent on a product the store keeps', async () => {
    const bad = await shop.fetchWithCf('/market?handle=Not%20A%20Handle&country=Q1')
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({
      error: 'Invalid market request',
      issues: [{ path: 'handle' }, { path: 'country' }],
    })
    // The one token of this client buys the product's first read; kept since, it costs none.
    for (const country of ['FR', 'FR', 'CA', 'US', 'BR'])
      expect((await shop.fetchWithCf(`/market?handle=toddler-blanket&country=${country}`)).status).toBe(200)
    const answer = (await (await shop.fetchWithCf('/market?handle=toddler-blanket', inCountry('BR'))).json()) as {
      market: { ships: boolean; name: string }
      price: unknown
    }
    expect(answer.market).toMatchObject({ country: 'BR', name: 'Brazil', ships: false, primary: false })
    // Each variant's price there, which the sheet of a page without the product prices its lines at.
    const canada = (await (await shop.fetchWithCf('/market?handle=toddler-blanket&country=CA')).json()) as {
      variants: unknown
    }
    expect(canada.variants).toEqual([{ id: BLANKET_VARIANT_ID, price: { amount: '52.00', currencyCode: 'CAD' } }])
    // ZZ, Shopify's unknown region, is no country of its own: the primary market's answer.
    const unknown = (await (await shop.fetchWithCf('/market?handle=toddler-blanket&country=ZZ')).json()) as {
      market: unknown
      price: unknown
    }
    expect(unknown.market).toMatchObject({ country: null, name: null, primary: true, ships: true })
    expect(unknown.price).toEqual({ amount: '38.0', currencyCode: 'USD' })
  })

  test('an unknown handle past the client’s limit is a 429 with Retry-After, no cache keeps it', async () => {
    await shop.fetchWithCf('/market?handle=no-such-blanket')
    const refused = await shop.fetchWithCf('/market?handle=another-blanket')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('Retry-After')).toBe('60')
    expect(refused.headers.get('Cache-Control')).toBe('no-store')
  })
})

describe('a checkout in the market of the page', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop()
  })
  afterAll(() => shop?.dispose())
  beforeEach(() => shop.double.reset())

  const lines = [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 2 }]
  const json = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', ...headers },
    body: JSON.stringify(body),
  })

  test('the page’s country goes in buyerIdentity and @inContext, and the checkout opens in euros', async () => {
    // A traveller in the US on the German page pays the German page's price.
    const res = await shop.fetchWithCf('/checkout', inCountry('US', json({ country: 'DE', lines })))
    expect(res.status).toBe(200)
    expect(shop.double.callsOf('CartCreate').map((call) => call.variables)).toEqual([
      { input: { lines, buyerIdentity: { countryCode: 'DE' } }, country: 'DE' },
    ])
    const page = await (await fetch(((await res.json()) as { checkoutUrl: string }).checkoutUrl)).text()
    expect(page).toContain('<strong id="total">€70.00</strong> <span id="currency">EUR</span>')
  })

  test('a German Accept-Language, for a store that offers German in Germany: cartCreate carries language: DE, and the checkout is in German', async () => {
    const res = await shop.fetchWithCf(
      '/checkout',
      inCountry(
        'DE',
        json({ country: 'DE', languages: ['EN', 'DE'], lines }, { 'Accept-Language': 'de-DE,de;q=0.9,en;q=0.8' }),
      ),
    )
    expect(shop.double.callsOf('CartCreate')[0]!.variables).toMatchObject({ country: 'DE', language: 'DE' })
    expect(((await res.json()) as { checkoutUrl: string }).checkoutUrl).toContain('locale=de')
  })

  test('a language the country is not offered in is not sent: the store’s default', async () => {
    await shop.fetchWithCf(
      '/checkout',
      inCountry('GB', json({ country: 'GB', languages: ['EN'], lines }, { 'Accept-Language': 'de-DE,de;q=0.9' })),
    )
    expect(shop.double.callsOf('CartCreate')[0]!.variables).not.toHaveProperty('language')
  })

  test('the form post without JavaScript does the same, from the form’s own fields', async () => {
    const body = new URLSearchParams({
      merchandiseId: BLANKET_VARIANT_ID,
      quantity: '1',
      country: 'CA',
      languages: 'EN,FR',
    })
    const res = await shop.fetchWithCf(
      '/checkout',
      inCountry('GB', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Sec-Fetch-Site': 'same-origin',
          'Accept-Language': 'fr-CA',
        },
        body,
      }),
    )
    expect(res.status).toBe(303)
    expect(shop.double.callsOf('CartCreate')[0]!.variables).toMatchObject({
      input: { buyerIdentity: { countryCode: 'CA' } },
      country: 'CA',
      language: 'FR',
    })
    expect(await (await fetch(res.headers.get('Location')!)).text()).toContain('<strong id="total">CA$52.00</strong>')
  })

  test('ZZ, the page of no known country, makes the primary market’s cart; a page that names no country (an old one) goes by Cloudflare’s', async () => {
    await shop.fetchWithCf('/checkout', inCountry('DE', json({ country: 'ZZ', lines })))
    await shop.fetchWithCf('/checkout', inCountry('GB', json({ lines })))
    expect(shop.double.callsOf('CartCreate').map((call) => call.variables)).toEqual([
      { input: { lines } },
      { input: { lines, buyerIdentity: { countryCode: 'GB' } }, country: 'GB' },
    ])
  })

  test('a country that is no country is a 400 that says so', async () => {
    const res = await shop.fetchWithCf('/checkout', json({ country: 'T1', lines }))
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({
      issues: [{ path: 'country', message: 'must be a country code Shopify knows, or ZZ' }],
    })
  })
})
