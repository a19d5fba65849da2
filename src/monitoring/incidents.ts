import type { CheckFailure } from './checkout-check'

/**
 * When the owner is told: one 'broken' message when an incident opens and one 'recovered'
 * when it closes, however its checks and checkouts interleave. Pure, so the rules are tested
 * without a Worker (test/unit/incidents.test.ts); CheckoutHealth keeps the state.
 *
 * - The scheduled check is the shop's own evidence: one failure opens an incident, and only
 *   a passing check closes one the check opened.
 * - Shoppers' checkouts are evidence from outside, so they count distinct clients (an IPv4
 *   address or an IPv6 /64, hashed): failures in one class from FAILED_CHECKOUTS_IN_A_ROW
 *   clients open an incident, and checkouts that go through for as many clients close it.
 *   One client, whatever it sends, can neither open nor close one.
 * - While an incident is open, other evidence is absorbed: no second 'broken'.
 * - The count starts again when an incident opens or closes.
 */
export type Source = 'check' | 'checkouts'
export type Incident = { id: string; failure: CheckFailure; source: Source; since: number; message: string; recoveredFor: string[] }
export type HealthState = { incident: Incident | null; streak: { failure: CheckFailure; clients: string[] } | null }
export type Observation =
  | { source: 'check'; ok: true }
  | { source: 'check'; ok: false; failure: CheckFailure; message: string }
  | { source: 'checkouts'; client: string; ok: true }
  | { source: 'checkouts'; client: string; ok: false; failure: CheckFailure; message: string }
export type Change = { kind: 'opened' | 'recovered'; incident: string; failure: CheckFailure; text: string } | null

/** Real checkouts failing, in one class, for this many distinct clients make an incident; as many going through end it. */
export const FAILED_CHECKOUTS_IN_A_ROW = 3

const WHAT_TO_DO: Record<CheckFailure, string> = {
  billing: 'Shopify answers 402: the store’s plan has lapsed or is frozen. Check billing in the Shopify admin.',
  http: 'Shopify refuses the Storefront API call (401 or 403: the token was revoked or lacks a permission; 5xx: Shopify is failing). Check the token (docs/deploying.md).',
  graphql: 'Shopify answers with GraphQL errors: a changed permission or API version.',
  user: 'Shopify will not make a cart of the product (sold out, or no longer published to the shop’s channel).',
  shape: 'Shopify answers in a shape the shop does not read.',
  timeout: 'Shopify does not answer in time.',
  network: 'Shopify cannot be reached.',
  internal: 'The Worker fails before asking Shopify: see the logs for this request id.',
  missing: 'The product is gone from the shop’s channel, or has nothing for sale.',
}

const minutes = (ms: number) => Math.max(1, Math.round(ms / 60_000))
const withClient = (clients: string[], client: string) => (clients.includes(client) ? clients : [...clients, client])

export function observe(state: HealthState, seen: Observation, now: number): { state: HealthState; change: Change } {
  const open = state.incident
  const unchanged = (next: HealthState = state) => ({ state: next, change: null })
  const close = (incident: Incident, by: string) => ({
    state: { incident: null, streak: null },
    change: { kind: 'recovered', incident: incident.id, failure: incident.failure, text: `Checkout works again (${by}), after about ${minutes(now - incident.since)} min of '${incident.failure}' failures. (incident ${incident.id})` } as const,
  })

  if (seen.source === 'check') {
    if (seen.ok) return open?.source === 'check' ? close(open, 'the scheduled check passes') : unchanged()
    return open ? unchanged() : opened(seen.failure, 'check', 'The scheduled checkout check fails', seen.message, now)
  }

  if (seen.ok) {
    if (open?.source !== 'checkouts') return unchanged({ incident: open, streak: null })
    const recoveredFor = withClient(open.recoveredFor, seen.client)
    if (recoveredFor.length >= FAILED_CHECKOUTS_IN_A_ROW) return close(open, `checkouts went through for ${recoveredFor.length} shoppers`)
    return unchanged({ ...state, incident: { ...open, recoveredFor } })
  }
  // A shopper's own mistake (a sold-out line, say) says nothing of the shop.
  if (seen.failure === 'user') return unchanged()
  if (open) return unchanged(open.source === 'checkouts' ? { ...state, incident: { ...open, recoveredFor: [] } } : state)
  const clients = state.streak?.failure === seen.failure ? withClient(state.streak.clients, seen.client) : [seen.client]
  if (clients.length < FAILED_CHECKOUTS_IN_A_ROW) return unchanged({ incident: null, streak: { failure: seen.failure, clients } })
  return opened(seen.failure, 'checkouts', `Checkouts from ${clients.length} shoppers failed`, seen.message, now)
}

function opened(failure: CheckFailure, source: Source, how: string, message: string, now: number) {
  const incident: Incident = { id: `${source}-${failure}-${now.toString(36)}`, failure, source, since: now, message, recoveredFor: [] }
  return {
    state: { incident, streak: null },
    change: {
      kind: 'opened',
      incident: incident.id,
      failure,
      text: `Checkout is broken: shoppers see 'Failed to create checkout'. ${how} with '${failure}': ${message}. ${WHAT_TO_DO[failure]} (incident ${incident.id})`,
    } as const,
  }
}
