import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { chdbAvailable } from '../../scripts/report/clickhouse'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog'
import { startShop, type Shop } from '../../scripts/harness/shop'

// The owner hears of a broken checkout: the Cron Trigger's check and real checkouts failing
// in a row, one alert per incident and one on recovery, posted to ALERT_WEBHOOK_URL.

/** A stand-in for a Slack or Discord incoming webhook: keeps each post; answers `status()`. */
let receiver: Server
let posts: { text: string; content: string; key: string }[]
let status: () => number
/** How long the receiver takes to answer. */
let answerAfterMs: number
beforeEach(async () => {
  posts = []
  status = () => 200
  answerAfterMs = 0
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const code = status()
      if (code === 200) posts.push({ ...(JSON.parse(body) as { text: string; content: string }), key: String(req.headers['idempotency-key']) })
      setTimeout(() => res.writeHead(code).end(), answerAfterMs)
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
})
let shop: Shop | undefined
afterEach(async () => {
  await shop?.dispose()
  await new Promise((resolve) => receiver.close(resolve))
})
const hook = () => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`

test('the scheduled check: one alert per incident (401, 402, 5xx), one on each recovery, none while it stays broken', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: hook() })
  await shop.scheduled()
  expect(posts).toEqual([])
  // It asked Shopify for the product and made a cart.
  expect(shop.double.callsOf('CartCreate')).toHaveLength(1)

  for (const [status, failure] of [
    [401, 'http'],
    [402, 'billing'],
    [503, 'http'],
  ] as const) {
    const before = posts.length
    shop.double.setFault({ kind: 'status', status })
    await shop.scheduled()
    await expect.poll(() => posts.length).toBe(before + 1)
    await shop.scheduled() // still broken: nothing more
    await shop.scheduled()
    expect(posts.at(-1)!.text).toMatch(new RegExp(`^Checkout is broken: shoppers see 'Failed to create checkout'\\. The scheduled checkout check fails with '${failure}'`))
    expect(posts.at(-1)!.content).toBe(posts.at(-1)!.text) // Discord reads `content`, Slack and Teams `text`
    shop.double.setFault(null)
    await shop.scheduled()
    await expect.poll(() => posts.length).toBe(before + 2)
    await shop.scheduled()
    expect(posts.at(-1)!.text).toMatch(new RegExp(`^Checkout works again \\(the scheduled check passes\\), after about \\d+ min of '${failure}' failures`))
  }
  await expect.poll(() => posts.length).toBe(6)
  // Each alert names its incident, in the text and as the post's Idempotency-Key.
  expect(posts.map((post) => post.key)).toEqual(posts.map((post) => `${/\(incident (\S+)\)$/.exec(post.text)![1]}:${post.text.startsWith('Checkout is broken') ? 'opened' : 'recovered'}`))
  expect(new Set(posts.map((post) => post.key)).size).toBe(6)
  await expect.poll(() => shop!.logEntries().filter((e) => e.message === 'checkout check failed').length).toBe(9)
  expect(shop.logEntries().find((e) => e.message === 'checkout check failed')).toMatchObject({ level: 'error', requestId: expect.stringMatching(/^scheduled-/), failure: 'http', reason: 'HTTP error! status: 401' })
})

test.runIf(chdbAvailable)('npm run report shows the checks’ recent history and the alerts sent', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: hook() })
  await shop.scheduled()
  shop.double.setFault({ kind: 'status', status: 402 })
  await shop.scheduled()
  await shop.scheduled()
  shop.double.setFault(null)
  await shop.scheduled()
  const { checks } = await shop.report()
  expect(checks.hours).toHaveLength(1)
  expect(checks.hours[0]!.outcomes).toEqual({ ok: 2, billing: 2 })
  expect(checks.alerts).toEqual({ 'opened:billing': 1, 'recovered:billing': 1 })
})

const checkoutFrom = (ip: string) =>
  shop!.fetch('/checkout', { method: 'POST', headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip }, body: JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] }) })
const told = () => shop!.double.callsOf('CartCreate').length

test('real checkouts failing for three shoppers, in one class, alert once; working for three, once more; one client can do neither', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: hook() })
  shop.double.setFault({ kind: 'status', status: 402 }, 'CartCreate')
  // One client, however often it fails (an IPv6 client anywhere in its /64), is one shopper.
  for (const ip of ['203.0.113.9', '203.0.113.9', '203.0.113.9', '2001:db8::1', '2001:db8::2', '2001:db8::3']) expect((await checkoutFrom(ip)).status).toBe(502)
  expect(await shop.checkoutHealth(6)).toMatchObject({ incident: null })
  expect(posts).toEqual([])
  expect((await checkoutFrom('198.51.100.3')).status).toBe(502) // the third shopper
  await expect.poll(() => posts.length).toBe(1)
  expect(posts[0]!.text).toMatch(/^Checkout is broken: .*Checkouts from 3 shoppers failed with 'billing'/)
  shop.double.setFault(null)
  // One client's checkouts going through do not close it.
  for (let i = 0; i < 3; i++) expect((await checkoutFrom('198.51.100.3')).status).toBe(200)
  expect(await shop.checkoutHealth(10)).toMatchObject({ incident: { id: expect.stringMatching(/^checkouts-billing-/) } })
  expect(posts).toHaveLength(1)
  for (const ip of ['198.51.100.4', '198.51.100.5']) expect((await checkoutFrom(ip)).status).toBe(200)
  await expect.poll(() => posts.length).toBe(2)
  expect(posts[1]!.text).toMatch(/^Checkout works again \(checkouts went through for 3 shoppers\)/)
  expect(told()).toBe(12)
})

// A receiver that takes 6 s (Slack asks for 3) gets each alert once: the post waits for its
// answer, and no checkout or check sends it again while it waits.
test('one incident, checks and checkouts interleaved, a receiver that takes 6 s: one broken and one recovered post', async () => {
  answerAfterMs = 6_000
  shop = await startShop({ ALERT_WEBHOOK_URL: hook() })
  shop.double.setFault({ kind: 'status', status: 503 }, 'CartCreate')
  await shop.scheduled() // opens it
  for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await checkoutFrom(ip)).status).toBe(502)
  await shop.scheduled()
  shop.double.setFault(null)
  for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await checkoutFrom(ip)).status).toBe(200)
  await shop.scheduled() // closes it
  await shop.scheduled()
  await expect.poll(() => posts.length, { timeout: 20_000 }).toBe(2)
  // Nothing is left to send again once the receiver has answered, and one more check sends nothing.
  await expect.poll(async () => (await shop!.checkoutHealth(10)).undelivered, { timeout: 10_000 }).toBe(0)
  await shop.scheduled()
  expect(await shop.checkoutHealth(11)).toMatchObject({ undelivered: 0 })
  expect(posts.map((post) => post.text.slice(0, 22))).toEqual(['Checkout is broken: sh', 'Checkout works again ('])
  expect(shop.logEntries().filter((e) => e.message === 'alert post failed')).toEqual([])
}, 60_000)

test('an alert the webhook refuses is tried again, and sent with the next check when it still fails', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: hook() })
  status = () => 500
  shop.double.setFault({ kind: 'status', status: 401 })
  await shop.scheduled() // three tries (at once, after 1 s, after 3 s), all refused
  await expect.poll(() => shop!.logEntries().filter((e) => e.message === 'alert not delivered; it is sent again at the next scheduled check')).toMatchObject([{ level: 'error', outcome: 'refused' }])
  expect(posts).toEqual([])
  expect(shop.logEntries().filter((e) => e.message === 'alert post failed')).toHaveLength(3)
  status = () => 200
  // A shopper's checkout does not send it again: re-sends wait for the scheduled check.
  expect((await checkoutFrom('198.51.100.1')).status).toBe(502)
  expect(await shop.checkoutHealth(2)).toMatchObject({ undelivered: 1 })
  expect(shop.logEntries().filter((e) => e.message === 'alert post failed')).toHaveLength(3)
  await shop.scheduled() // still broken: no new incident, but the undelivered alert goes now
  await expect.poll(() => posts.length).toBe(1)
  expect(posts[0]!.text).toMatch(/^Checkout is broken/)
}, 30_000)

// The object answers other calls while it waits on the webhook: a second observation then
// must not find the alert still waiting to be sent, and send it again.
test('two checks at once while the webhook is slow: the alert goes out once', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: hook() })
  const slow = receiver.listeners('request')[0] as (req: unknown, res: unknown) => void
  receiver.removeAllListeners('request')
  receiver.on('request', (req, res) => setTimeout(() => slow(req, res), 500))
  shop.double.setFault({ kind: 'status', status: 401 })
  await Promise.all([shop.scheduled(), shop.scheduled(), shop.scheduled()])
  // Once all three are taken and nothing is left to deliver, no post can follow.
  await expect.poll(async () => (await shop!.checkoutHealth(3)).undelivered).toBe(0)
  expect(posts).toHaveLength(1)
})
