import { expect, test } from 'vitest'
import { CHECKOUT_FAILURES } from '../../client/analytics/vocabulary.ts'
import {
  CHECK_ON_DEMAND_MS,
  INCIDENTS_AN_HOUR,
  NO_INCIDENT,
  observe,
  SHOPPERS_FOR_A_CHECK,
  SHOPPERS_WINDOW_MS,
  SUSTAINED_CHECKS,
  type HealthState,
  type Observation,
} from '../../src/monitoring/incidents.ts'

// When the owner is told: the rules CheckoutHealth keeps (src/monitoring/incidents.ts).

/** Each observation a minute after the last, from `start`. */
function run(seen: Observation[], start: HealthState = NO_INCIDENT, from = 0) {
  let state = start
  const changes: string[] = []
  let checksAsked = 0
  let confirmsAsked = 0
  seen.forEach((observation, i) => {
    const next = observe(state, observation, from + i * 60_000)
    state = next.state
    if (next.change) changes.push(`${next.change.kind}:${next.change.failure}`)
    if (next.runCheck) checksAsked++
    if (next.confirm) confirmsAsked++
  })
  return { state, changes, checksAsked, confirmsAsked }
}
const check = (failure?: 'http' | 'billing' | 'missing' | 'timeout'): Observation =>
  failure ? { source: 'check', ok: false, failure, message: 'm' } : { source: 'check', ok: true }
const checkout = (client: string, failure?: 'billing' | 'user' | 'timeout' | 'http'): Observation =>
  failure
    ? { source: 'checkouts', client, ok: false, failure, message: 'm' }
    : { source: 'checkouts', client, ok: true }
/** Checkouts from `n` different shoppers. */
const shoppers = (n: number, failure?: 'billing' | 'timeout' | 'http' | 'user', from = 0) =>
  Array.from({ length: n }, (_, i) => checkout(`shopper-${from + i}`, failure))

test('two failing checks in a row open an incident, two passing ones close it; one of either asks to be confirmed', () => {
  expect(run([check(), check('http'), check('http'), check('billing'), check(), check()]).changes).toEqual([
    'opened:http',
    'recovered:http',
  ])
  // One Shopify timeout, then a pass: nothing told, and the timeout asked for a second check.
  const blip = run([check(), check('timeout'), check()])
  expect(blip.changes).toEqual([])
  expect(blip.confirmsAsked).toBe(1)
  // One pass inside an incident does not close it; the next failure is still the same incident.
  expect(run([check('http'), check('http'), check(), check('http'), check(), check()]).changes).toEqual([
    'opened:http',
    'recovered:http',
  ])
})

test(`shoppers' checkouts never open, hold or close an incident; ${SHOPPERS_FOR_A_CHECK} failing in one class ask for a check, at most once a minute`, () => {
  const failing = run(shoppers(10, 'billing'))
  expect(failing.changes).toEqual([])
  expect(failing.checksAsked).toBeGreaterThan(0)
  expect(run(shoppers(SHOPPERS_FOR_A_CHECK - 1, 'billing')).checksAsked).toBe(0)
  expect(run(shoppers(SHOPPERS_FOR_A_CHECK, 'billing')).checksAsked).toBe(1)
  // One client, however often, is one shopper; shoppers' own mistakes and good checkouts count for nothing.
  expect(run(Array.from({ length: 10 }, () => checkout('outsider', 'billing'))).checksAsked).toBe(0)
  expect(run([...shoppers(10, 'user'), ...shoppers(10)]).checksAsked).toBe(0)
  // Asked at most once per CHECK_ON_DEMAND_MS: many shoppers within a few seconds, one check.
  let state = NO_INCIDENT
  let asked = 0
  for (let i = 0; i < 30; i++) {
    const next = observe(state, checkout(`shopper-${i}`, 'http'), i * 1_000)
    state = next.state
    if (next.runCheck) asked++
  }
  expect(asked).toBe(Math.ceil((30 * 1_000) / CHECK_ON_DEMAND_MS))
  // An open incident stays open through any checkouts, and closes on the checks alone.
  const open = run([check('billing'), check('billing')])
  expect(run([...shoppers(20), ...shoppers(20, 'billing')], open.state).changes).toEqual([])
  expect(run([check(), ...shoppers(5, 'billing'), check()], open.state).changes).toEqual(['recovered:billing'])
})

test(`at most ${INCIDENTS_AN_HOUR} incidents of a class are told an hour; the next is folded into the next alert`, () => {
  const flapping = Array.from({ length: INCIDENTS_AN_HOUR + 2 }, () => [
    check('http'),
    check('http'),
    check(),
    check(),
  ]).flat()
  const { changes, state } = run(flapping)
  expect(changes).toEqual(Array.from({ length: INCIDENTS_AN_HOUR }, () => ['opened:http', 'recovered:http']).flat())
  // Over an hour later, the next is told, naming the two that were not.
  const next = observe(observe(state, check('http'), 2 * 3_600_000).state, check('http'), 2 * 3_600_000 + 60_000)
  expect(next.change!.text).toContain("2 more short 'http' incidents were not alerted this hour")
  // Another class is told apart.
  expect(run([check('billing'), check('billing')], state, 25 * 60_000).changes).toEqual(['opened:billing'])
})

// Cloudflare's cron every five minutes; a check that would change the state alone is confirmed 2 s later.
test(`the cap folds short incidents, never an outage: after ${INCIDENTS_AN_HOUR} short ones, a long one is told within ${SUSTAINED_CHECKS} more runs, and so is its end`, () => {
  let state = NO_INCIDENT
  let now = 0
  const posts: { at: number; kind: string; text: string }[] = []
  /** One scheduled run: a check, and its confirmation when asked for. */
  const scheduledRun = (failure?: 'http') => {
    now += 5 * 60_000
    for (let at = now, again = true; again; at += 2_000) {
      const effect = observe(state, check(failure), at)
      state = effect.state
      again = effect.confirm
      if (effect.change) posts.push({ at, kind: effect.change.kind, text: effect.change.text })
    }
  }
  for (let i = 0; i < INCIDENTS_AN_HOUR; i++) {
    scheduledRun('http')
    scheduledRun()
  }
  expect(posts.map((post) => post.kind)).toEqual(
    Array.from({ length: INCIDENTS_AN_HOUR }, () => ['opened', 'recovered']).flat(),
  )
  // Shopify answers 503 for six scheduled runs, half an hour.
  const outageStarts = now + 5 * 60_000
  for (let i = 0; i < 6; i++) scheduledRun('http')
  const told = posts.slice(2 * INCIDENTS_AN_HOUR)
  expect(told.map((post) => post.kind)).toEqual(['opened'])
  expect(told[0]!.at - outageStarts).toBe(SUSTAINED_CHECKS * 5 * 60_000)
  expect(told[0]!.text).toMatch(
    /^Checkout has been broken for about 1\d min: .* 'http': m\. .*were used up; it is not a short one\. \(incident check-http-/,
  )
  scheduledRun()
  expect(posts.slice(2 * INCIDENTS_AN_HOUR).map((post) => post.kind)).toEqual(['opened', 'recovered'])
  expect(posts.at(-1)!.text).toMatch(/^Checkout works again .* after about 3\d min of 'http' failures\. \(incident/)
  // A short one after that is still folded: the hour's alerts are used up.
  scheduledRun('http')
  scheduledRun()
  expect(posts).toHaveLength(2 * INCIDENTS_AN_HOUR + 2)
})

test('the shoppers’ window and the check on demand, at their edges', () => {
  // An hour into the object's life, so no edge sits at zero.
  const at = (state: HealthState, client: string, now: number) =>
    observe(state, checkout(client, 'http'), 3_600_000 + now)
  // Two shoppers, then a third after SHOPPERS_WINDOW_MS: a new window, no check.
  let state = at(at(NO_INCIDENT, 'a', 0).state, 'b', 1_000).state
  expect(at(state, 'c', SHOPPERS_WINDOW_MS).runCheck).toBe(false)
  expect(at(state, 'c', SHOPPERS_WINDOW_MS - 1).runCheck).toBe(true)
  // Asked once: the three are forgotten, and a fourth shopper alone asks nothing, however late.
  const asked = at(state, 'c', 2_000)
  expect(asked.runCheck).toBe(true)
  expect(at(asked.state, 'd', 2_000 + CHECK_ON_DEMAND_MS).runCheck).toBe(false)
  // Three more, exactly CHECK_ON_DEMAND_MS after the last ask: asked again; a moment sooner, not.
  state = at(at(asked.state, 'd', 3_000).state, 'e', 4_000).state
  expect(at(state, 'f', 2_000 + CHECK_ON_DEMAND_MS).runCheck).toBe(true)
  expect(at(state, 'f', 2_000 + CHECK_ON_DEMAND_MS - 1).runCheck).toBe(false)
})

test('the hour of the cap ends at exactly an hour; one folded incident is named in the singular', () => {
  let state = NO_INCIDENT
  let now = 0
  const incident = () => {
    for (const seen of [check('http'), check('http'), check(), check()]) {
      state = observe(state, seen, now).state
      now += 1_000
    }
  }
  for (let i = 0; i <= INCIDENTS_AN_HOUR; i++) incident()
  // The first was told at 1 s: at exactly an hour and 1 s it no longer counts.
  const opened = observe(observe(state, check('http'), 3_601_000).state, check('http'), 3_601_000)
  expect(opened.change!.text).toContain("1 more short 'http' incident was not alerted this hour")
})

test('each class keeps its own shoppers and its own folded count, whatever another class does', () => {
  // Two billing shoppers wait (minutes 0 and 1); three http shoppers ask a check (minutes 2 to 4);
  // a minute after that ask, a third billing shopper asks too.
  let state = run([...shoppers(2, 'billing'), ...shoppers(3, 'http', 10)]).state
  expect(observe(state, checkout('shopper-20', 'billing'), 4 * 60_000 + CHECK_ON_DEMAND_MS).runCheck).toBe(true)
  // Billing's hour used up, a fourth folded; then an http incident told and mended: billing's next alert still names its fold.
  const flap = (failure: 'billing' | 'http') => [check(failure), check(failure), check(), check()]
  state = run(
    [...flap('billing'), ...flap('billing'), ...flap('billing'), ...flap('billing'), ...flap('http')],
    NO_INCIDENT,
  ).state
  const next = observe(observe(state, check('billing'), 2 * 3_600_000).state, check('billing'), 2 * 3_600_000 + 2_000)
  expect(next.change!.text).toContain("1 more short 'billing' incident was not alerted this hour")
})

// However checks, shoppers and an outsider with many IPv6 /64s interleave while the checkout
// is broken and after it is mended, the owner reads exactly one 'broken' and one 'recovered',
// both from the checks; the outsider can neither open, hold nor close an incident.
test('one incident gives one broken and one recovered post, in 500 random mixes, an outsider with many /64s among them', () => {
  let seed = 55
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!
  const outsider = () => `2001:db8:${Math.floor(random() * 65_536).toString(16)}::/64`
  for (let round = 0; round < 500; round++) {
    const seen: Observation[] = []
    // While it works: the outsider makes its own checkouts fail, from fresh /64s; nothing is told.
    for (let i = 0; i < random() * 20; i++)
      seen.push(
        pick([check(), checkout(outsider(), 'http'), checkout(outsider(), 'billing'), checkout(`shopper-${i}`)]),
      )
    // Broken: the checks fail; shoppers fail; the outsider's checkouts go through.
    seen.push(check('http'), check('http'))
    for (let i = 0; i < random() * 20; i++)
      seen.push(
        pick([check('http'), checkout(`shopper-${i}`, 'http'), checkout(outsider()), checkout(outsider(), 'user')]),
      )
    // Mended: the checks pass; the outsider's checkouts fail from ever more /64s.
    seen.push(check(), check())
    for (let i = 0; i < random() * 20; i++)
      seen.push(
        pick([check(), checkout(`shopper-${i}`), checkout(outsider(), 'http'), checkout(outsider(), 'billing')]),
      )
    expect(run(seen).changes, JSON.stringify(seen)).toEqual(['opened:http', 'recovered:http'])
  }
})

test('every class’s alert says what to do about it', () => {
  const said = new Set<string>()
  for (const failure of [...CHECKOUT_FAILURES, 'missing'] as const) {
    const seen: Observation = { source: 'check', ok: false, failure, message: 'm' }
    const text = observe(observe(NO_INCIDENT, seen, 0).state, seen, 2_000).change!.text
    const todo = new RegExp(`'${failure}': m\\. (.+) \\(incident`).exec(text)?.[1]
    expect(todo, failure).toMatch(/^[A-Z].{15,}\.$/)
    said.add(todo!)
  }
  expect(said.size).toBe(CHECKOUT_FAILURES.length + 1)
})

test('the recovery says how long it was broken, and the alert what to do and which incident it is', () => {
  const failing = observe(NO_INCIDENT, check('billing'), 0)
  const opened = observe(failing.state, check('billing'), 2_000)
  expect(opened.change!.text).toMatch(
    /^Checkout is broken: shoppers see 'Failed to create checkout'\. 2 scheduled checkout checks in a row fail with 'billing': m\. Shopify answers 402.* \(incident check-billing-1jk\)$/,
  )
  const passing = observe(opened.state, check(), 20 * 60_000)
  expect(observe(passing.state, check(), 20 * 60_000 + 2_000).change).toEqual({
    kind: 'recovered',
    incident: 'check-billing-1jk',
    failure: 'billing',
    text: "Checkout works again (2 scheduled checks in a row pass), after about 20 min of 'billing' failures. (incident check-billing-1jk)",
  })
})
