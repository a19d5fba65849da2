import { afterEach, beforeEach, expect, test } from 'vitest'
import { chdbAvailable } from '../../scripts/report/clickhouse.ts'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { PRIVATE_TOKEN, startShop, type Shop } from '../../scripts/harness/shop.ts'
import { startAlertReceiver, type AlertReceiver } from './alert-receiver.ts'
import { INCIDENTS_AN_HOUR, SUSTAINED_CHECKS } from '../../src/monitoring/incidents.ts'

// The owner hears of a broken checkout from the shop's own checks alone: two failing in a row
// open an incident, two passing close it, one alert each, posted to ALERT_WEBHOOK_URL.
// Shoppers' failing checkouts only make the check run sooner.

let receiver: AlertReceiver
beforeEach(async () => {
  receiver = await startAlertReceiver()
})
let shop: Shop | undefined
afterEach(async () => {
  await shop?.dispose()
  await receiver.close()
})

test('the scheduled check: one alert per incident (401, 402, 5xx), each confirmed by a second check at once; one on each recovery; none while it stays broken', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url })
  await shop.scheduled()
  expect(receiver.posts).toEqual([])
  // It asked Shopify for the product and made a cart.
  expect(shop.double.callsOf('CartCreate')).toHaveLength(1)

  for (const [status, failure] of [
    [401, 'http'],
    [402, 'billing'],
    [503, 'http'],
  ] as const) {
    const before = receiver.posts.length
    shop.double.setFault({ kind: 'status', status })
    await shop.scheduled() // fails, and fails again when asked to confirm: opened
    await expect.poll(() => receiver.posts.length).toBe(before + 1)
    await shop.scheduled() // still broken: nothing more
    await shop.scheduled()
    expect(receiver.posts.at(-1)!.text).toMatch(
      new RegExp(
        `^Checkout is broken: shoppers see 'Failed to create checkout'\\. 2 scheduled checkout checks in a row fail with '${failure}'`,
      ),
    )
    expect(receiver.posts.at(-1)!.content).toBe(receiver.posts.at(-1)!.text) // Discord reads `content`, Slack and Teams `text`
    shop.double.setFault(null)
    await shop.scheduled()
    await expect.poll(() => receiver.posts.length).toBe(before + 2)
    await shop.scheduled()
    expect(receiver.posts.at(-1)!.text).toMatch(
      new RegExp(
        `^Checkout works again \\(2 scheduled checks in a row pass\\), after about \\d+ min of '${failure}' failures`,
      ),
    )
  }
  await expect.poll(() => receiver.posts.length).toBe(6)
  // Each alert names its incident, in the text and as the post's Idempotency-Key.
  expect(receiver.posts.map((post) => post.key)).toEqual(
    receiver.posts.map(
      (post) =>
        `${/\(incident (\S+)\)$/.exec(post.text)![1]}:${post.text.startsWith('Checkout is broken') ? 'opened' : 'recovered'}`,
    ),
  )
  expect(new Set(receiver.posts.map((post) => post.key)).size).toBe(6)
  expect(shop.logEntries().filter((e) => e.message === 'checkout check failed')).toHaveLength(12)
  expect(shop.logEntries().find((e) => e.message === 'checkout check failed')).toMatchObject({
    level: 'error',
    requestId: expect.stringMatching(/^scheduled-/),
    failure: 'http',
    reason: 'HTTP error! status: 401',
  })
}, 60_000)

test(`after ${INCIDENTS_AN_HOUR} short outages in the hour, a sustained one is still told, and so is its end`, async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url })
  for (let i = 0; i < INCIDENTS_AN_HOUR; i++) {
    shop.double.setFault({ kind: 'status', status: 503 })
    await shop.scheduled()
    shop.double.setFault(null)
    await shop.scheduled()
  }
  await expect.poll(() => receiver.posts.length).toBe(2 * INCIDENTS_AN_HOUR)
  // The fourth: Shopify answers 503 run after run. Opened quietly, the hour's alerts being used up…
  shop.double.setFault({ kind: 'status', status: 503 })
  await shop.scheduled()
  for (let run = 1; run < SUSTAINED_CHECKS; run++) await shop.scheduled()
  expect(receiver.posts).toHaveLength(2 * INCIDENTS_AN_HOUR)
  // …and told at the next run that finds it still broken.
  await shop.scheduled()
  await expect.poll(() => receiver.posts.length).toBe(2 * INCIDENTS_AN_HOUR + 1)
  expect(receiver.posts.at(-1)!.text).toMatch(
    /^Checkout has been broken for about \d+ min: .*'http': HTTP error! status: 503\..* it is not a short one\. \(incident check-http-\w+\)$/,
  )
  await shop.scheduled()
  shop.double.setFault(null)
  await shop.scheduled()
  await expect.poll(() => receiver.posts.length).toBe(2 * INCIDENTS_AN_HOUR + 2)
  expect(receiver.posts.at(-1)!.text).toMatch(/^Checkout works again .*'http' failures\. \(incident check-http-\w+\)$/)
  expect(receiver.posts.at(-1)!.key).toBe(receiver.posts.at(-2)!.key.replace(':opened', ':recovered'))
}, 90_000)

test('one Shopify blip, passed at its confirming check: no alert', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url })
  await shop.scheduled()
  shop.double.setFault({ kind: 'hang' }, 'CartCreate')
  shop.double.setOperationLatency('CartCreate', 0)
  // The first check's cartCreate hangs past its timeout; the confirming one, a moment later, goes through.
  setTimeout(() => shop!.double.setFault(null), 500)
  await shop.scheduled()
  expect(
    shop
      .logEntries()
      .filter((e) => e.message === 'checkout check failed')
      .map((e) => e.failure),
  ).toEqual(['timeout'])
  expect(shop.logEntries().filter((e) => e.message === 'checkout check passed')).toHaveLength(2)
  expect(receiver.posts).toEqual([])
}, 30_000)

test.runIf(chdbAvailable)('npm run report shows the checks’ recent history and the alerts sent', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url })
  await shop.scheduled()
  shop.double.setFault({ kind: 'status', status: 402 })
  await shop.scheduled()
  await shop.scheduled()
  shop.double.setFault(null)
  await shop.scheduled()
  const { checks } = await shop.report()
  expect(checks.hours).toHaveLength(1)
  expect(checks.hours[0]!.outcomes).toEqual({ ok: 3, billing: 3 })
  expect(checks.alerts).toEqual({ 'opened:billing': 1, 'recovered:billing': 1 })
})

const checkoutFrom = (target: Shop, ip: string) =>
  target.fetch('/checkout', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'CF-Connecting-IP': ip },
    body: JSON.stringify({ lines: [{ merchandiseId: BLANKET_VARIANT_ID, quantity: 1 }] }),
  })
/** The check CheckoutHealth ran because shoppers' checkouts failed (its requestId starts 'asked-'), once its outcome is logged. */
const askedCheck = (target: Shop) =>
  expect
    .poll(
      () =>
        target
          .logEntries()
          .some(
            (e) =>
              /^checkout check (passed|failed)$/.test(String(e.message)) && String(e.requestId).startsWith('asked-'),
          ),
      { timeout: 10_000 },
    )
    .toBe(true)

/** A cart permalink followed by a shopper at `ip`, as Shopify Catalog or an agent links it. */
const permalinkFrom = (target: Shop, ip: string) =>
  target.fetch(`/cart/${BLANKET_VARIANT_ID.split('/').at(-1)}:1`, {
    headers: { 'CF-Connecting-IP': ip },
    redirect: 'manual',
  })

// Both doors go through one checkout (src/routes/start-checkout.ts): a permalink that fails is
// seen by the owner's report and by the health check as a POST /checkout that fails is.
test.each([
  ['POST /checkout', checkoutFrom, 200],
  ['a cart permalink', permalinkFrom, 303],
] as const)(
  '%s: three shoppers failing make the check run at once; each checkout counted started, failed or created',
  async (_door, from, ok) => {
    shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url })
    const count = async (event: string) => (await shop!.analyticsRows()).filter((row) => row.blob1 === event).length
    shop.double.setFault({ kind: 'status', status: 503 }, 'CartCreate')
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) expect((await from(shop, ip)).status).toBe(502)
    await askedCheck(shop)
    shop.double.setFault(null)
    expect((await from(shop, '198.51.100.4')).status).toBe(ok)
    await expect.poll(() => count('checkout_started')).toBe(4)
    expect(await count('checkout_failed')).toBe(3)
    await expect.poll(() => count('checkout_created')).toBe(1)
  },
  30_000,
)

test('Shopify refusing some shoppers by their address while the check passes: no alert; then failing everything: one alert, naming the class', async () => {
  // A private token, so the Worker sends each buyer's address, by which Shopify refuses some.
  shop = await startShop({
    ALERT_WEBHOOK_URL: receiver.url,
    SHOPIFY_STOREFRONT_TOKEN: '',
    SHOPIFY_STOREFRONT_PRIVATE_TOKEN: PRIVATE_TOKEN,
  })
  await shop.scheduled()
  const refused = Array.from({ length: 8 }, (_, i) => `2001:db8:${i + 1}::7`)
  shop.double.refuseBuyers(refused)
  for (const ip of refused) expect((await checkoutFrom(shop, ip)).status).toBe(502)
  // Eight shoppers from eight /64s failed: CheckoutHealth ran its check at once, which passed.
  await askedCheck(shop)
  expect(
    shop.logEntries().filter((e) => e.message === 'checkout check passed' && String(e.requestId).startsWith('asked-')),
  ).toHaveLength(1)
  expect(receiver.posts).toEqual([])
  // Then Shopify refuses everyone: the next check, and its confirmation, fail in that class.
  shop.double.setFault({ kind: 'status', status: 402 }, 'CartCreate')
  await shop.scheduled()
  await expect.poll(() => receiver.posts.length).toBe(1)
  expect(receiver.posts[0]!.text).toMatch(
    /^Checkout is broken: .*2 scheduled checkout checks in a row fail with 'billing'/,
  )
  for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
    expect((await checkoutFrom(shop, ip)).status).toBe(502)
  await shop.scheduled()
  expect(receiver.posts).toHaveLength(1)
}, 30_000)

// A receiver that takes 6 s (Slack asks for 3) gets each alert once: the post waits for its
// answer, and no checkout or check sends it again while it waits.
test('one incident, checks and checkouts interleaved, a receiver that takes 6 s: one broken and one recovered post', async () => {
  receiver.answerAfterMs = 6_000
  shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url })
  shop.double.setFault({ kind: 'status', status: 503 }, 'CartCreate')
  await shop.scheduled() // opens it
  for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
    expect((await checkoutFrom(shop, ip)).status).toBe(502)
  await shop.scheduled()
  shop.double.setFault(null)
  for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
    expect((await checkoutFrom(shop, ip)).status).toBe(200)
  await shop.scheduled() // closes it
  await shop.scheduled()
  await expect.poll(() => receiver.posts.length, { timeout: 20_000 }).toBe(2)
  expect(receiver.posts.map((post) => post.text.slice(0, 22))).toEqual([
    'Checkout is broken: sh',
    'Checkout works again (',
  ])
  expect(receiver.attempts).toBe(2)
  expect(shop.logEntries().filter((e) => e.message === 'alert post failed')).toEqual([])
}, 60_000)

test('an alert the webhook refuses is tried again, and sent again by the next scheduled check, never by shoppers’ checkouts', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url })
  receiver.status = () => 500
  shop.double.setFault({ kind: 'status', status: 401 })
  await shop.scheduled() // three tries (at once, after 1 s, after 3 s), all refused
  await expect
    .poll(() =>
      shop!
        .logEntries()
        .filter((e) => e.message === 'alert not delivered; it is sent again at the next scheduled check'),
    )
    .toMatchObject([{ level: 'error', outcome: 'refused' }])
  expect(receiver.attempts).toBe(3)
  // The receiver still refuses while shoppers' checkouts fail, enough of them to make
  // CheckoutHealth run its check from its alarm; that alarm leaves the alert waiting.
  for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
    expect((await checkoutFrom(shop, ip)).status).toBe(502)
  await askedCheck(shop)
  await expect
    .poll(() => shop!.logEntries().some((e) => e.message === 'undelivered alerts wait for the next scheduled check'), {
      timeout: 10_000,
    })
    .toBe(true)
  expect(receiver.attempts).toBe(3)
  receiver.status = () => 200
  await shop.scheduled() // still broken: no new incident, but the undelivered alert goes now
  await expect.poll(() => receiver.posts.length).toBe(1)
  expect(receiver.posts[0]!.text).toMatch(/^Checkout is broken/)
}, 30_000)

// The object answers other calls while it waits on the webhook: a second check then must not
// find the alert still waiting to be sent, and send it again.
test('three checks at once while the webhook is slow: the alert goes out once', async () => {
  shop = await startShop({ ALERT_WEBHOOK_URL: receiver.url })
  receiver.answerAfterMs = 500
  shop.double.setFault({ kind: 'status', status: 401 })
  await Promise.all([shop.scheduled(), shop.scheduled(), shop.scheduled()])
  await expect.poll(() => receiver.posts.length).toBe(1)
  // One more check sends nothing again: the receiver took the alert.
  await shop.scheduled()
  await expect
    .poll(() => shop!.logEntries().filter((e) => e.message === 'checkout check failed').length)
    .toBeGreaterThanOrEqual(4)
  expect(receiver.attempts).toBe(1)
}, 30_000)
