import { afterEach, beforeEach, expect, test } from 'vitest'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'
import { API_VERSION, API_VERSION_HEADER, servedUntil } from '../../src/storefront/api-version.ts'
import { startAlertReceiver, type AlertReceiver } from './alert-receiver.ts'

// The Storefront API version the shop pins, watched (src/storefront/api-version.ts): Shopify
// names the version that answered on every answer, and falls forward when the pinned one is no
// longer served. The scheduled check tells the owner once per version, and once 60 days before
// the pinned version's end.

const DAY_MS = 86_400_000
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

const graphql = (version: string) =>
  fetch(`${shop!.doubleOrigin}/api/${version}/graphql.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Shopify-Storefront-Access-Token': 't' },
    body: JSON.stringify({ query: '{ shop { name } }' }),
  })

test('the double answers as Shopify does: its version named in the header, a version it does not serve answered by the one it does', async () => {
  shop = await startShop()
  expect((await graphql(API_VERSION)).headers.get(API_VERSION_HEADER)).toBe(API_VERSION)
  expect((await graphql('2025-07')).headers.get(API_VERSION_HEADER)).toBe(API_VERSION)
  shop.double.answerWithVersion('2026-07')
  expect((await graphql(API_VERSION)).headers.get(API_VERSION_HEADER)).toBe('2026-07')
})

test('Shopify falls forward to another version: one scheduled run tells the owner once; later runs and pages add nothing', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url })
  await shop.scheduled()
  expect(receiver.posts).toEqual([])

  shop.double.answerWithVersion('2026-07')
  await shop.scheduled()
  await expect.poll(() => receiver.posts.length).toBe(1)
  expect(receiver.posts[0]!.text).toBe(
    `Shopify answers the shop's Storefront API calls with version 2026-07, not ${API_VERSION}, the one the shop asks for: ` +
      `it no longer serves ${API_VERSION} and falls forward, so the shop's documents run against a version they were not checked against. ` +
      "Shopify supports 2026-07. Move the shop to a version Shopify serves (docs/storefront-api.md, 'Moving to the next version').",
  )
  const fellForward = () =>
    shop!
      .logEntries()
      .filter((e) => e.message === 'Shopify answered with another Storefront API version than the one asked for')
  const logged = fellForward().length
  expect(logged).toBeGreaterThan(0)
  expect(fellForward()[0]).toMatchObject({ level: 'warn', asked: API_VERSION, answered: '2026-07' })

  await shop.scheduled()
  await shop.scheduled()
  expect((await shop.fetch('/product/toddler-blanket')).status).toBe(200)
  expect(receiver.posts).toHaveLength(1)
  expect(fellForward()).toHaveLength(logged)
})

test('60 days before the pinned version ends, a scheduled run tells the owner once, naming the day', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url })
  const end = servedUntil(API_VERSION).getTime()
  await shop.scheduled(undefined, new Date(end - 61 * DAY_MS))
  expect(receiver.posts).toEqual([])
  await shop.scheduled(undefined, new Date(end - 59 * DAY_MS))
  await expect.poll(() => receiver.posts.length).toBe(1)
  expect(receiver.posts[0]!.text).toMatch(
    new RegExp(
      `^Shopify serves the Storefront API version ${API_VERSION}, the one the shop asks for, until \\w+ 16, \\d{4} 15:00 UTC, 59 days from now`,
    ),
  )
  await shop.scheduled(undefined, new Date(end - 58 * DAY_MS))
  expect(receiver.posts).toHaveLength(1)
})
