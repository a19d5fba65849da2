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
let posts: { text: string; content: string }[]
let status: () => number
beforeEach(async () => {
  posts = []
  status = () => 200
  receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const code = status()
      if (code === 200) posts.push(JSON.parse(body) as { text: string; content: string })
      res.writeHead(code).end()
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
    await shop.scheduled() // still broken: nothing more
    await shop.scheduled()
    expect(posts.slice(before)).toHaveLength(1)
    expect(posts.at(-1)!.text).toMatch(new RegExp(`^Checkout is broken: shoppers see 'Failed to create checkout'\\. The scheduled checkout check fails with '${failure}'`))
    expect(posts.at(-1)!.content).toBe(posts.at(-1)!.text) // Discord reads `content`, Slack and Teams `text`
    shop.double.setFault(null)
    await shop.scheduled()
    await shop.scheduled()
    expect(posts.slice(before)).toHaveLength(2)
    expect(posts.at(-1)!.text).toMatch(new RegExp(`^Checkout works again \\(the scheduled check passes\\), after about \\d+ min of '${failure}' failures`))
  }
  expect(posts).toHaveLength(6)
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

test('real checkouts failing three times in a row, in one class, alert once; the next one that works, once more', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: hook() })
  const checkout = () => shop!.fetch('/checkout', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] }) })
  shop.double.setFault({ kind: 'status', status: 402 }, 'CartCreate')
  for (let i = 0; i < 3; i++) expect((await checkout()).status).toBe(502)
  await expect.poll(() => posts.length).toBe(1)
  // Sent at the third: two in a row were not yet an incident.
  expect(posts[0]!.text).toMatch(/^Checkout is broken: .*3 shoppers’ checkouts in a row failed with 'billing'/)
  expect((await checkout()).status).toBe(502)
  shop.double.setFault(null)
  expect((await checkout()).status).toBe(200)
  await expect.poll(() => posts.length).toBe(2)
  expect(posts[1]!.text).toMatch(/^Checkout works again \(a shopper’s checkout went through\)/)
  expect(posts).toHaveLength(2) // the fourth failure, inside the incident, sent nothing
})

test('an alert the webhook refuses is tried again, and sent with the next check when it still fails', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: hook() })
  status = () => 500
  shop.double.setFault({ kind: 'status', status: 401 })
  await shop.scheduled() // three tries (at once, after 1 s, after 3 s), all refused
  expect(posts).toEqual([])
  await expect.poll(() => shop!.logEntries().filter((e) => e.message === 'alert post failed').length).toBe(3)
  expect(shop.logEntries().find((e) => e.message === 'alert not delivered; it is tried again with the next check')).toMatchObject({ level: 'error' })
  status = () => 200
  await shop.scheduled() // still broken: no new incident, but the undelivered alert goes now
  expect(posts).toHaveLength(1)
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
  await Promise.all([shop.scheduled(), shop.scheduled(), shop.scheduled()]) // each ends once its posts are answered
  expect(posts).toHaveLength(1)
})
