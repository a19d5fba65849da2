import { afterEach, beforeEach, expect, test } from 'vitest'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'
import { startAlertReceiver, type AlertReceiver } from './alert-receiver.ts'

// What a price includes ('incl. VAT', '+ sales tax at checkout') is the shop's setting
// (PRICES_INCLUDE_TAX), and the scheduled check holds it to Shopify's market settings, read
// from the Admin API: the owner is told once when they part, once when they agree again.

let receiver: AlertReceiver
let shop: Shop | undefined
beforeEach(async () => {
  receiver = await startAlertReceiver()
})
afterEach(async () => {
  await shop?.dispose()
  shop = undefined
  await receiver.close()
})

const inCountry = (country: string) => ({ cf: { country, colo: 'FRA' } }) as RequestInit
const taxWords = async (path: string, country: string) =>
  [...(await (await shop!.fetchWithCf(path, inCountry(country))).text()).matchAll(/data-testid="tax-words">([^<]*)</g)]
    .map((match) => match[1])
    .at(0)

test('Australia’s price includes GST, by the default setting', async () => {
  shop = await startShop()
  expect(await taxWords('/product/toddler-blanket', 'AU')).toBe('incl. GST')
})

test('the words are the setting’s: the pages, /market and the product’s Markdown say what PRICES_INCLUDE_TAX says', async () => {
  shop = await startShop({ PRICES_INCLUDE_TAX: 'US', PRICES_INCLUDE_DUTIES: 'DE' })
  expect(await taxWords('/product/toddler-blanket', 'DE')).toBe('incl. duties, + sales tax at checkout')
  expect(await taxWords('/', 'US')).toBe('incl. sales tax')
  const market = (await (await shop.fetchWithCf('/market?handle=toddler-blanket&country=GB')).json()) as {
    market: { tax: string; taxIncluded: boolean }
  }
  expect(market.market).toMatchObject({ tax: '+ sales tax at checkout', taxIncluded: false })
  const markdown = await (await shop.fetch('/en-de/product/toddler-blanket.md')).text()
  expect(markdown).toContain(
    '- Price: €35.00 (EUR), incl. duties, + sales tax at checkout, shipping included, in Germany',
  )
})

test('the owner changes Germany to add taxes at checkout: one alert naming it and the settings that agree; none while it stands; one when they agree again', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url })
  await shop.scheduled()
  expect(receiver.posts).toEqual([])

  shop.double.setPriceInclusions('DE', { tax: false, duties: false })
  await shop.scheduled()
  await expect.poll(() => receiver.posts.length).toBe(1)
  expect(receiver.posts[0]!.text).toBe(
    "The shop's tax words disagree with Shopify's market settings: in DE the pages say prices include tax, but Shopify's market 'Germany' adds it at checkout. " +
      'Set PRICES_INCLUDE_TAX = "AU,CH,FR,GB,IE,NL" and PRICES_INCLUDE_DUTIES = "" in wrangler.toml\'s vars and deploy (docs/deploying.md, Settings).',
  )
  expect(shop.logEntries().find((e) => e.message === 'tax words disagree with Shopify')?.requestId).toMatch(
    /^scheduled-/,
  )
  await shop.scheduled()
  await shop.scheduled()
  expect(receiver.posts).toHaveLength(1)

  // The owner puts it back in the admin: told once that they agree again.
  shop.double.setPriceInclusions('DE', { tax: true, duties: false })
  await shop.scheduled()
  await expect.poll(() => receiver.posts.length).toBe(2)
  expect(receiver.posts[1]!.text).toBe("The shop's tax words agree with Shopify's market settings again.")
  await shop.scheduled()
  expect(receiver.posts).toHaveLength(2)
}, 30_000)

test('the Admin API refusing the token, or no token set: logged at each check, never an alert, the checkout check unharmed', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url, SHOPIFY_ADMIN_TOKEN: '' })
  await shop.scheduled()
  expect(
    shop
      .logEntries()
      .filter((e) => e.message === 'tax words not compared with Shopify: SHOPIFY_ADMIN_TOKEN is not set'),
  ).toHaveLength(1)
  await shop.dispose()

  // A token Shopify no longer takes (revoked, or without read_markets): 401.
  shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url })
  shop.double.setPriceInclusions('DE', { tax: false, duties: false })
  shop.double.refuseAdmin(true)
  await shop.scheduled()
  const failed = shop.logEntries().find((e) => e.message === 'market settings could not be read from the Admin API')
  expect(failed).toMatchObject({ level: 'error', requestId: expect.stringMatching(/^scheduled-/) })
  expect(JSON.stringify(failed!.error)).toContain('the Admin API answered 401')
  expect(shop.logEntries().some((e) => e.message === 'checkout check passed')).toBe(true)
  expect(receiver.posts).toEqual([])
  // Shopify takes the token again: the disagreement found then is told.
  shop.double.refuseAdmin(false)
  await shop.scheduled()
  await expect.poll(() => receiver.posts.length).toBe(1)
}, 30_000)
