import type { CheckFailure } from './checkout-check.ts'

/**
 * When the owner is told. Pure, so the rules are tested without a Worker
 * (test/unit/incidents.test.ts); CheckoutHealth keeps the state.
 *
 * - Only the shop's own checks open and close incidents, as Cloudflare's Health Checks do:
 *   an incident opens after CHECKS_IN_A_ROW failing checks in a row and closes after as many
 *   passing ones (Cloudflare's Health Checks API, `consecutive_fails`: 'The number of
 *   consecutive fails required from a health check before changing the health to
 *   unhealthy', and `consecutive_successes`, likewise back to healthy).
 *   A check whose outcome would change the state alone asks for a second one at once
 *   (`confirm`), so one Shopify timeout costs the owner nothing and a real outage is told
 *   within one run.
 * - Shoppers' checkouts never open, hold or close an incident: anyone can make their own fail
 *   or go through. Failing for SHOPPERS_FOR_A_CHECK distinct clients (an IPv4 address or an
 *   IPv6 /64, hashed) in one class within SHOPPERS_WINDOW_MS, they ask for a check at once
 *   (`runCheck`), at most once per CHECK_ON_DEMAND_MS.
 * - At most INCIDENTS_AN_HOUR incidents of one class are told in an hour; a further one
 *   opens quietly and, if it closes soon, closes quietly and is folded into the next alert of
 *   its class. The cap folds a flapping class; it never silences an outage: a folded incident
 *   still failing SUSTAINED_CHECKS more checks after it opened (ten minutes of the five-minute
 *   cron, sooner when shoppers' failures ask for checks) is told then, and so is its end.
 * - While an incident is open, a check failing in another class is part of it.
 */
/** `failedSince`: the checks that failed while it was open, after the ones that opened it. */
export type Incident = {
  id: string
  failure: CheckFailure
  since: number
  message: string
  quiet: boolean
  failedSince?: number
}
export type CheckOutcome = { ok: true } | { ok: false; failure: CheckFailure; message: string }
export type HealthState = {
  incident: Incident | null
  /** The last check's outcome: CHECKS_IN_A_ROW alike decide. */
  lastCheck: CheckOutcome | null
  /** When each class's told incidents opened, in the last hour. */
  told: Partial<Record<CheckFailure, number[]>>
  /** Incidents of each class not told for the hour's cap, to be named in its next alert. */
  folded: Partial<Record<CheckFailure, number>>
  /** Shoppers whose checkouts failed, by class: distinct clients since the window began. */
  shoppers: Partial<Record<CheckFailure, { clients: string[]; since: number }>>
  /** When shoppers' failures last asked for a check. */
  checkAskedAt: number | null
}
export type Observation =
  | ({ source: 'check' } & CheckOutcome)
  | { source: 'checkouts'; client: string; ok: true }
  | { source: 'checkouts'; client: string; ok: false; failure: CheckFailure; message: string }
export type Change = { kind: 'opened' | 'recovered'; incident: string; failure: CheckFailure; text: string } | null
export type Effect = { state: HealthState; change: Change; confirm: boolean; runCheck: boolean }

export const CHECKS_IN_A_ROW = 2
export const SHOPPERS_FOR_A_CHECK = 3
export const SHOPPERS_WINDOW_MS = 10 * 60_000
export const CHECK_ON_DEMAND_MS = 60_000
export const INCIDENTS_AN_HOUR = 3
export const SUSTAINED_CHECKS = 2
const HOUR_MS = 60 * 60_000

export const NO_INCIDENT: HealthState = {
  incident: null,
  lastCheck: null,
  told: {},
  folded: {},
  shoppers: {},
  checkAskedAt: null,
}

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

export function observe(state: HealthState, seen: Observation, now: number): Effect {
  const quietly = (next: HealthState, runCheck = false): Effect => ({
    state: next,
    change: null,
    confirm: false,
    runCheck,
  })
  if (seen.source === 'checkouts') {
    // A shopper's own mistake (a sold-out line, say) says nothing of the shop; one that goes through, nothing either.
    if (seen.ok || seen.failure === 'user') return quietly(state)
    const window = state.shoppers[seen.failure]
    const current = window && now - window.since < SHOPPERS_WINDOW_MS ? window : { clients: [], since: now }
    const clients = current.clients.includes(seen.client)
      ? current.clients
      : [...current.clients, seen.client].slice(-SHOPPERS_FOR_A_CHECK)
    const due =
      clients.length >= SHOPPERS_FOR_A_CHECK &&
      (state.checkAskedAt === null || now - state.checkAskedAt >= CHECK_ON_DEMAND_MS)
    if (due)
      return quietly({ ...state, shoppers: { ...state.shoppers, [seen.failure]: undefined }, checkAskedAt: now }, true)
    return quietly({ ...state, shoppers: { ...state.shoppers, [seen.failure]: { ...current, clients } } })
  }

  const outcome: CheckOutcome = seen.ok ? { ok: true } : { ok: false, failure: seen.failure, message: seen.message }
  const confirmed = state.lastCheck?.ok === outcome.ok
  const next = { ...state, lastCheck: outcome }
  const open = state.incident
  if (outcome.ok) {
    if (!open) return quietly(next)
    if (!confirmed) return { ...quietly(next), confirm: true }
    if (open.quiet) return quietly({ ...next, incident: null })
    const note = foldedNote(next, open.failure)
    return {
      ...quietly({ ...next, incident: null, folded: { ...state.folded, [open.failure]: 0 } }),
      change: {
        kind: 'recovered',
        incident: open.id,
        failure: open.failure,
        text: `Checkout works again (${CHECKS_IN_A_ROW} scheduled checks in a row pass), after about ${minutes(now - open.since)} min of '${open.failure}' failures.${note} (incident ${open.id})`,
      },
    }
  }
  const failedSince = (open?.failedSince ?? 0) + 1
  if (open?.quiet && failedSince >= SUSTAINED_CHECKS) {
    const told = (state.told[open.failure] ?? []).filter((at) => now - at < HOUR_MS)
    return {
      ...quietly({
        ...next,
        incident: { ...open, quiet: false, failedSince },
        told: { ...state.told, [open.failure]: [...told, now] },
        folded: { ...state.folded, [open.failure]: Math.max(0, (state.folded[open.failure] ?? 0) - 1) },
      }),
      change: {
        kind: 'opened',
        incident: open.id,
        failure: open.failure,
        text: `Checkout has been broken for about ${minutes(now - open.since)} min: shoppers see 'Failed to create checkout'. Scheduled checkout checks keep failing with '${outcome.failure}': ${outcome.message}. ${WHAT_TO_DO[outcome.failure]} It was not alerted when it opened, as the ${INCIDENTS_AN_HOUR} alerts an hour for '${open.failure}' were used up; it is not a short one. (incident ${open.id})`,
      },
    }
  }
  if (open) return quietly({ ...next, incident: { ...open, failedSince } })
  if (!confirmed) return { ...quietly(next), confirm: true }
  const told = (state.told[outcome.failure] ?? []).filter((at) => now - at < HOUR_MS)
  const incident: Incident = {
    id: `check-${outcome.failure}-${now.toString(36)}`,
    failure: outcome.failure,
    since: now,
    message: outcome.message,
    quiet: told.length >= INCIDENTS_AN_HOUR,
  }
  if (incident.quiet)
    return quietly({
      ...next,
      incident,
      told: { ...state.told, [outcome.failure]: told },
      folded: { ...state.folded, [outcome.failure]: (state.folded[outcome.failure] ?? 0) + 1 },
    })
  const note = foldedNote(next, outcome.failure)
  return {
    ...quietly({
      ...next,
      incident,
      told: { ...state.told, [outcome.failure]: [...told, now] },
      folded: { ...state.folded, [outcome.failure]: 0 },
    }),
    change: {
      kind: 'opened',
      incident: incident.id,
      failure: outcome.failure,
      text: `Checkout is broken: shoppers see 'Failed to create checkout'. ${CHECKS_IN_A_ROW} scheduled checkout checks in a row fail with '${outcome.failure}': ${outcome.message}. ${WHAT_TO_DO[outcome.failure]}${note} (incident ${incident.id})`,
    },
  }
}

/** The class's incidents not told for the hour's cap, named in its next alert. */
function foldedNote(state: HealthState, failure: CheckFailure): string {
  const folded = state.folded[failure] ?? 0
  return folded > 0
    ? ` ${folded} more short '${failure}' incident${folded === 1 ? ' was' : 's were'} not alerted this hour (at most ${INCIDENTS_AN_HOUR} an hour).`
    : ''
}
