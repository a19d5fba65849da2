import { expect, test } from 'vitest'
import { FAILED_CHECKOUTS_IN_A_ROW, observe, type HealthState, type Observation } from '../../src/monitoring/incidents'

// When the owner is told: the rules CheckoutHealth keeps (src/monitoring/incidents.ts).

function run(seen: Observation[], start: HealthState = { incident: null, streak: null }) {
  let state = start
  const changes: string[] = []
  seen.forEach((observation, i) => {
    const next = observe(state, observation, i * 300_000)
    state = next.state
    if (next.change) changes.push(`${next.change.kind}:${next.change.failure}`)
  })
  return { state, changes }
}
const check = (failure?: 'http' | 'billing' | 'missing'): Observation => (failure ? { source: 'check', ok: false, failure, message: 'm' } : { source: 'check', ok: true })
const checkout = (client: string, failure?: 'billing' | 'user' | 'timeout' | 'http'): Observation =>
  failure ? { source: 'checkouts', client, ok: false, failure, message: 'm' } : { source: 'checkouts', client, ok: true }
/** Checkouts from `n` different shoppers. */
const shoppers = (n: number, failure?: 'billing' | 'timeout', from = 0) => Array.from({ length: n }, (_, i) => checkout(`shopper-${from + i}`, failure))

test('a check that keeps failing alerts once, whatever class it fails in; a pass closes it once', () => {
  expect(run([check(), check('http'), check('http'), check('billing'), check('billing'), check(), check()]).changes).toEqual(['opened:http', 'recovered:http'])
})

test(`checkouts alert when ${FAILED_CHECKOUTS_IN_A_ROW} shoppers fail in one class, never for one client, nor for shoppers' own mistakes`, () => {
  expect(run(shoppers(2, 'billing')).changes).toEqual([])
  expect(run([...shoppers(1, 'billing'), checkout('shopper-1', 'timeout'), checkout('shopper-2', 'billing')]).changes).toEqual([])
  expect(run(shoppers(3, 'billing')).changes).toEqual(['opened:billing'])
  expect(run(Array.from({ length: 10 }, () => checkout('outsider', 'billing'))).changes).toEqual([])
  expect(run(Array.from({ length: 10 }, (_, i) => checkout(`shopper-${i}`, 'user'))).changes).toEqual([])
  // A checkout that goes through starts the count again.
  expect(run([...shoppers(2, 'billing'), checkout('shopper-9'), ...shoppers(2, 'billing', 3)]).changes).toEqual([])
})

test('an incident is closed only by the evidence that opened it', () => {
  // Only the product read failing: the check opens it, and shoppers' checkouts that go through do not close it.
  expect(run([check('missing'), ...shoppers(5), check('missing'), ...shoppers(5), check('missing'), check()]).changes).toEqual(['opened:missing', 'recovered:missing'])
  // Shoppers' checkouts open it; a passing check does not close it, and the next failure does not reopen it.
  expect(run([...shoppers(3, 'billing'), check(), checkout('shopper-7', 'billing'), check(), checkout('shopper-8', 'billing')]).changes).toEqual(['opened:billing'])
  // One client's good checkouts never close it; as many shoppers as opened it do.
  const opened = run(shoppers(3, 'billing'))
  expect(run(Array.from({ length: 10 }, () => checkout('outsider')), opened.state).changes).toEqual([])
  expect(run(shoppers(3, undefined, 10), opened.state).changes).toEqual(['recovered:billing'])
  // A failure on the way back starts the recovery's count again.
  expect(run([...shoppers(2, undefined, 10), checkout('shopper-1', 'billing'), ...shoppers(2, undefined, 20)], opened.state).changes).toEqual([])
})

test('the count starts again when an incident closes', () => {
  const closed = run([...shoppers(3, 'billing'), ...shoppers(3, undefined, 10)])
  expect(closed.changes).toEqual(['opened:billing', 'recovered:billing'])
  expect(run(shoppers(2, 'billing', 20), closed.state).changes).toEqual([])
  expect(run([check('http'), ...shoppers(2, 'billing'), check(), checkout('shopper-5', 'billing')]).changes).toEqual(['opened:http', 'recovered:http'])
})

// However checks, shoppers and one outsider interleave while the checkout is broken and after
// it is mended, the owner reads exactly one 'broken' and one 'recovered'. Either kind of evidence
// may open it, so the mended stretch holds a passing check and three shoppers' checkouts.
test('one incident gives one broken and one recovered post, in 500 random interleavings', () => {
  let seed = 55
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!
  const shuffled = (items: Observation[]) => items.map((item) => ({ item, at: random() })).sort((a, b) => a.at - b.at).map(({ item }) => item)
  for (let round = 0; round < 500; round++) {
    const broken: Observation[] = [check('http')]
    for (let i = 0; i < random() * 20; i++) broken.push(pick([check('http'), checkout(`shopper-${i}`, 'http'), checkout('outsider', 'http'), checkout('outsider'), checkout(`shopper-${i}`, 'user')]))
    const mended: Observation[] = [check(), ...shoppers(3, undefined, 100)]
    for (let i = 0; i < random() * 20; i++) mended.push(pick([check(), checkout(`shopper-${i}`), checkout('outsider'), checkout(`shopper-${i}`, 'user')]))
    const seen = [...shuffled(broken), ...shuffled(mended)]
    expect(run(seen).changes, JSON.stringify(seen)).toEqual(['opened:http', 'recovered:http'])
  }
})

test('the recovery says how long it was broken, and the alert what to do and which incident it is', () => {
  const opened = observe({ incident: null, streak: null }, check('billing'), 0)
  expect(opened.change!.text).toMatch(/^Checkout is broken: shoppers see 'Failed to create checkout'\. The scheduled checkout check fails with 'billing': m\. Shopify answers 402.* \(incident check-billing-0\)$/)
  expect(observe(opened.state, check(), 20 * 60_000).change).toEqual({
    kind: 'recovered',
    incident: 'check-billing-0',
    failure: 'billing',
    text: "Checkout works again (the scheduled check passes), after about 20 min of 'billing' failures. (incident check-billing-0)",
  })
})
