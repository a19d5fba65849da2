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
const checkout = (failure?: 'billing' | 'user' | 'timeout'): Observation => (failure ? { source: 'checkouts', ok: false, failure, message: 'm' } : { source: 'checkouts', ok: true })

test('a check that keeps failing alerts once; a change of class alerts again; a pass closes it once', () => {
  expect(run([check(), check('http'), check('http'), check('http'), check('billing'), check('billing'), check(), check()]).changes).toEqual(['opened:http', 'opened:billing', 'recovered:billing'])
})

test(`checkouts alert after ${FAILED_CHECKOUTS_IN_A_ROW} failures in a row of one class, not for a shopper's own mistakes`, () => {
  expect(run([checkout('billing'), checkout('billing')]).changes).toEqual([])
  expect(run([checkout('billing'), checkout('timeout'), checkout('billing')]).changes).toEqual([])
  expect(run([checkout('billing'), checkout('billing'), checkout('billing')]).changes).toEqual(['opened:billing'])
  expect(run(Array.from({ length: 10 }, () => checkout('user'))).changes).toEqual([])
  // A success between failures starts the count again.
  expect(run([checkout('billing'), checkout('billing'), checkout(), checkout('billing'), checkout('billing')]).changes).toEqual([])
})

test('an incident the check opened is not opened again by checkouts failing the same way, and a checkout that works closes it', () => {
  expect(run([check('http'), checkout('timeout'), checkout('timeout'), checkout('timeout'), checkout()]).changes).toEqual(['opened:http', 'opened:timeout', 'recovered:timeout'])
  expect(run([check('billing'), checkout('billing'), checkout('billing'), checkout('billing'), check()]).changes).toEqual(['opened:billing', 'recovered:billing'])
})

test('the recovery says how long it was broken, and the alert what to do', () => {
  const opened = observe({ incident: null, streak: null }, check('billing'), 0)
  expect(opened.change!.text).toMatch(/^Checkout is broken: shoppers see 'Failed to create checkout'\. The scheduled checkout check fails with 'billing': m\. Shopify answers 402/)
  expect(observe(opened.state, check(), 20 * 60_000).change!.text).toBe("Checkout works again (the scheduled check passes), after about 20 min of 'billing' failures.")
})
