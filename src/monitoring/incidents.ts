import type { CheckFailure } from './checkout-check'

/**
 * When the owner is told: one message when the checkout breaks (or breaks differently), and
 * one when it works again; nothing for every failed check in between. Pure, so the rules are
 * tested without a Worker (test/unit/incidents.test.ts); CheckoutHealth keeps the state.
 */
export type Incident = { failure: CheckFailure; source: 'check' | 'checkouts'; since: number; message: string }
export type HealthState = { incident: Incident | null; streak: { failure: CheckFailure; count: number } | null }
export type Observation =
  | { source: 'check' | 'checkouts'; ok: true }
  | { source: 'check' | 'checkouts'; ok: false; failure: CheckFailure; message: string }
export type Change = { kind: 'opened' | 'recovered'; failure: CheckFailure; text: string } | null

/** Real checkouts failing this many times in a row, in one class, make an incident. */
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

export function observe(state: HealthState, seen: Observation, now: number): { state: HealthState; change: Change } {
  const open = state.incident
  if (seen.ok) {
    const next: HealthState = { incident: null, streak: seen.source === 'checkouts' ? null : state.streak }
    if (!open) return { state: next, change: null }
    const by = seen.source === 'check' ? 'the scheduled check passes' : 'a shopper’s checkout went through'
    return { state: next, change: { kind: 'recovered', failure: open.failure, text: `Checkout works again (${by}), after about ${minutes(now - open.since)} min of '${open.failure}' failures.` } }
  }
  let streak = state.streak
  if (seen.source === 'checkouts') {
    // A shopper's own mistake (a sold-out line, say) says nothing of the shop.
    if (seen.failure === 'user') return { state, change: null }
    streak = streak?.failure === seen.failure ? { failure: seen.failure, count: streak.count + 1 } : { failure: seen.failure, count: 1 }
    if (streak.count < FAILED_CHECKOUTS_IN_A_ROW) return { state: { ...state, streak }, change: null }
  }
  if (open?.failure === seen.failure) return { state: { ...state, streak }, change: null }
  const incident: Incident = { failure: seen.failure, source: seen.source, since: open?.since ?? now, message: seen.message }
  const how = seen.source === 'check' ? 'The scheduled checkout check fails' : `${streak!.count} shoppers’ checkouts in a row failed`
  return {
    state: { incident, streak },
    change: { kind: 'opened', failure: seen.failure, text: `Checkout is broken: shoppers see 'Failed to create checkout'. ${how} with '${seen.failure}': ${seen.message}. ${WHAT_TO_DO[seen.failure]}` },
  }
}
