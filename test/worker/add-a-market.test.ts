import { afterEach, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'

// docs/markets.md, 'Adding a market': markets are Shopify's. The owner adds Sweden in the admin
// (here, the double); with no change to the shop's code or settings it has its pages, its
// prices in kronor, its hreflang on every other market's pages, its checkout in kronor, and
// the one thing the shop cannot learn from the Storefront API (whether its prices include
// VAT) is told to the owner by the scheduled check.

let shop: Shop | undefined
afterEach(async () => {
  // The double's markets are its module's, shared by every double in this file: put them back.
  shop?.double.reset()
  await shop?.dispose()
})

const text = async (res: Response) => (await res.text()).replaceAll('<!-- -->', '')
const inSweden = (init: RequestInit = {}) => ({ ...init, cf: { country: 'SE', colo: 'ARN' } }) as RequestInit

test('Sweden, added in Shopify: its pages, prices, hreflang and checkout, with no change to the shop', async () => {
  shop = await startShop()
  // Before: a shopper in Sweden reads the primary market's dollars and is told it is not shipped to.
  expect(await text(await shop.fetchWithCf('/', inSweden()))).toContain('We don’t ship to Sweden yet.')
  await shop.dispose()

  shop = await startShop()
  shop.double.addMarket('SE', 'Sweden', { currency: 'SEK', price: '399.0', languages: ['EN', 'SV'], taxIncluded: true })
  const product = await text(await shop.fetch('/en-se/product/toddler-blanket'))
  // Intl writes a no-break space after the code.
  expect(product).toMatch(/data-testid="price">SEK\s399\.00</)
  expect(product).toContain('Ships to Sweden. Prices are in SEK, as the checkout charges them.')
  expect(product).toContain('<link rel="canonical" href="http://127.0.0.1:8787/en-se/product/toddler-blanket"/>')
  // The shopper in Sweden at the shared address gets Sweden's page.
  expect(await text(await shop.fetchWithCf('/', inSweden()))).toMatch(/>Only SEK\s399 – Order Now!</)
  // Every other market's page names Sweden's.
  expect(await text(await shop.fetch('/en-de'))).toContain(
    '<link rel="alternate" hrefLang="en-SE" href="http://127.0.0.1:8787/en-se"/>',
  )
  // The Terms name its currency.
  expect(await text(await shop.fetch('/terms'))).toContain('SEK in Sweden')

  // Its checkout charges what its page said.
  const res = await shop.fetchWithCf(
    '/checkout',
    inSweden({
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', 'Accept-Language': 'sv' },
      body: JSON.stringify({
        country: 'SE',
        languages: ['EN', 'SV'],
        lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }],
      }),
    }),
  )
  expect(res.status).toBe(200)
  const { checkoutUrl } = (await res.json()) as { checkoutUrl: string }
  expect(checkoutUrl).toContain('locale=sv')
  expect(await (await fetch(checkoutUrl)).text()).toMatch(/<strong id="total">SEK\s399\.00<\/strong>/)

  // What its price includes is the shop's setting: until it names Sweden, the pages say taxes are
  // added, and the scheduled check tells the owner the setting that agrees with Shopify.
  expect(product).toContain('data-testid="tax-words">+ sales tax at checkout<')
  await shop.scheduled()
  expect(shop.logEntries().find((e) => e.message === 'tax words disagree with Shopify')?.text).toContain(
    'in SE the pages say prices exclude tax',
  )
})
