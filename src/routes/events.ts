import { Hono, type MiddlewareHandler } from 'hono'
import { csrf } from 'hono/csrf'
import { zValidator } from '@hono/zod-validator'
import { z } from 'zod'
import {
  CHECKOUT_OPENINGS,
  CONNECTIONS,
  DEVICES,
  LCP_ELEMENTS,
  MAX_BATCH_BYTES,
  MAX_NOT_RESTORED_REASONS,
  NAVIGATIONS,
  MAX_EVENTS_PER_BATCH,
  NOT_RESTORED_REASON,
  VITALS,
  type BrowserEvent,
  type Same,
  type VitalName,
} from '../../client/analytics/vocabulary.ts'
import { MAX_QUANTITY } from '../../client/model/cart.ts'
import { PAGES, type PageName } from '../../client/pages/pages.ts'
import type { AppEnv } from '../app-env.ts'
import { record } from '../analytics/record.ts'
import { CAPS } from '../../client/model/attribution.ts'
import { limitPerClient } from './limit-per-client.ts'
import { issuesOf, limitBody, noStore, postOnly, refusals } from './post-endpoint.ts'

/**
 * The most a vital can plausibly be: milliseconds (a page that takes a minute to paint has
 * lost its shopper long before), or CLS's unitless score (a page shifting by ten whole
 * viewports is no page). Beyond these, a value is a forgery, and the beacon is refused.
 */
const VITAL_BOUNDS: Record<VitalName, number> = { LCP: 60_000, FCP: 60_000, TTFB: 60_000, INP: 30_000, CLS: 10 }

/**
 * What a browser may report. Closed lists and bounded numbers only: a step the Worker sees
 * first-hand (a checkout started, created or failed, an order completed) is no event here,
 * so no body can change those counts; the Worker records them itself.
 */
/** A source or campaign as the page sends it: cleaned in the browser (client/model/attribution.ts), so anything else is no page's. */
const word = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
    .regex(/^[^\u0000-\u001f\u007f-\u009f\u2028\u2029]+$/, 'must hold no control characters')

const browserEvent = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('page_view'),
    source: word(CAPS.referrer).optional(),
    campaign: word(CAPS.word).optional(),
  }),
  z.strictObject({ type: z.literal('cart_opened') }),
  z.strictObject({ type: z.literal('add_to_cart'), quantity: z.int().min(1).max(MAX_QUANTITY) }),
  // A checkout that took a minute to start has lost its shopper long before. `checkout` is
  // the key POST /checkout answered with: the report counts a timing only for a checkout the
  // Worker made (src/analytics/queries.ts, tapTimes). A page served before it was sent has none.
  // `request`: the part of `ms` the request took, so the report can tell the shop's code from the round trip.
  z
    .strictObject({
      type: z.literal('checkout_ready'),
      ms: z.number().min(0).max(60_000),
      request: z.number().min(0).max(60_000).optional(),
      checkout: z
        .string()
        .regex(/^[0-9a-f]{16}$/, 'must be the key POST /checkout answered with')
        .optional(),
      opened: z.enum(CHECKOUT_OPENINGS).optional(),
    })
    .refine((ready) => (ready.request ?? 0) <= ready.ms, {
      message: 'is longer than the whole checkout it is part of',
      path: ['request'],
    }),
  // Chromium's names for what kept a page out of the back-forward cache.
  z.strictObject({
    type: z.literal('not_restored'),
    reasons: z.array(z.string().regex(NOT_RESTORED_REASON)).max(MAX_NOT_RESTORED_REASONS),
  }),
  z
    // `navigation` is optional: a page served before it was sent still reports its vitals.
    .strictObject({
      type: z.literal('vital'),
      name: z.enum(VITALS),
      value: z.number().min(0),
      element: z.enum(LCP_ELEMENTS).optional(),
      navigation: z.enum(NAVIGATIONS).optional(),
    })
    .refine((vital) => vital.value <= VITAL_BOUNDS[vital.name], {
      message: 'is beyond what any real page load measures',
      path: ['value'],
    }),
])

// The schema and the browser's type (client/analytics/vocabulary.ts) name the same events:
// should either change alone, this line stops the type check.
true satisfies Same<z.infer<typeof browserEvent>, BrowserEvent>

// With the checkout's span, each at most once a beacon.
const ONCE_A_BEACON = [
  'page_view',
  'add_to_cart',
  'cart_opened',
  'checkout_ready',
  'not_restored',
] as const satisfies BrowserEvent['type'][]

export const eventBatch = z.strictObject({
  page: z.enum(Object.keys(PAGES) as [PageName, ...PageName[]]),
  device: z.enum(DEVICES),
  connection: z.enum(CONNECTIONS),
  events: z
    .array(browserEvent)
    .min(1)
    .max(MAX_EVENTS_PER_BATCH)
    // A page load measures each vital once (the collector sends each final value once).
    .refine(
      (events) =>
        new Set(events.flatMap((e) => (e.type === 'vital' ? [e.name] : []))).size ===
        events.filter((e) => e.type === 'vital').length,
      {
        message: 'names a vital more than once',
      },
    )
    // The funnel's steps, bounded as the vitals are: a beacon holds each step at most once
    // (the collector folds a page load's adds into one), and a step of the cart only with
    // the page view it came from. Whatever one address sends, its adds to cart and carts
    // opened then never outnumber its page views.
    .refine((events) => ONCE_A_BEACON.every((step) => events.filter((e) => e.type === step).length <= 1), {
      message: 'names a funnel step more than once',
    })
    .refine(
      (events) =>
        events.some((e) => e.type === 'page_view') ||
        !events.some((e) => e.type === 'add_to_cart' || e.type === 'cart_opened'),
      {
        message: 'holds a step of the cart without the page view it came from',
      },
    ),
})

/**
 * Beacons refused past this point (over the rate limit, too large, invalid) are counted for
 * the report, cheaply: this isolate writes one row for its first refusal and then one for
 * every REFUSALS_PER_ROW, each row's value the refusals it stands for. A flood of forged
 * beacons then costs Analytics Engine a hundredth of a write each, and the report says how
 * many were turned away (at least: up to REFUSALS_PER_ROW - 1 per isolate wait for their row).
 */
const REFUSALS_PER_ROW = 100
let refusalsUnrecorded = 0
let refusalsRecorded = false
const countRefusals: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  if (c.res.status < 400) return
  refusalsUnrecorded++
  if (refusalsRecorded && refusalsUnrecorded < REFUSALS_PER_ROW) return
  record(c, { event: 'beacon_refused', value: refusalsUnrecorded })
  refusalsUnrecorded = 0
  refusalsRecorded = true
}

/** The page's route pattern ('/product/:handle'), or its name for the pages no route has. */
const routeOf = (page: PageName) => PAGES[page].path ?? `(${page})`

/**
 * POST /events: the field analytics' beacon (client/analytics/collector.ts). Answers 204
 * and keeps nothing for a browser that sends Global Privacy Control (`Sec-GPC: 1`); a
 * bad body gets a 400 that says what is wrong; never cached.
 */
export const events = new Hono<AppEnv>()
  .use(noStore)
  .onError(refusals('Events are taken only from the shop’s own pages'))
  .post(
    '/',
    // A text/plain or form post from another site (the kinds that need no preflight).
    csrf(),
    // Global Privacy Control: nothing is read or kept.
    async (c, next) => (c.req.header('Sec-GPC') === '1' ? c.body(null, 204) : next()),
    countRefusals,
    // A page sends one beacon each time it is hidden.
    limitPerClient('EVENTS_RATE_LIMITER', 'Too many events; please try again in a minute'),
    async (c, next) =>
      (c.req.header('Content-Type') ?? '').includes('application/json')
        ? next()
        : c.json({ error: 'Send events as application/json' }, 415),
    limitBody(MAX_BATCH_BYTES),
    zValidator('json', eventBatch, (result, c) => {
      if (!result.success) return c.json({ error: 'Invalid events', issues: issuesOf(result.error) }, 400)
    }),
    (c) => {
      const { page, device, connection, events } = c.req.valid('json')
      const route = routeOf(page)
      for (const event of events) {
        const shared = { event: event.type, route, device, connection }
        if (event.type === 'vital')
          record(c, {
            ...shared,
            detail: event.name,
            element: event.element,
            navigation: event.navigation,
            value: event.value,
          })
        else if (event.type === 'add_to_cart') record(c, { ...shared, value: event.quantity })
        else if (event.type === 'page_view')
          record(c, { ...shared, source: event.source ?? 'direct', campaign: event.campaign ?? '' })
        else if (event.type === 'checkout_ready')
          record(c, { ...shared, ms: event.ms, requestMs: event.request, cart: event.checkout, detail: event.opened })
        // One row a reason, so the report counts each; '' when Chromium named none.
        else if (event.type === 'not_restored')
          for (const reason of event.reasons.length ? event.reasons : ['']) record(c, { ...shared, detail: reason })
        else record(c, shared)
      }
      return c.body(null, 204)
    },
  )
  .all('/', postOnly)
