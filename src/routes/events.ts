import { Hono } from 'hono'
import { csrf } from 'hono/csrf'
import { zValidator } from '@hono/zod-validator'
import { z } from 'zod'
import { CHECKOUT_FAILURES, CONNECTIONS, DEVICES, LCP_ELEMENTS, MAX_BATCH_BYTES, MAX_EVENTS_PER_BATCH, VITALS, type BrowserEvent } from '../../client/analytics/vocabulary'
import { MAX_QUANTITY } from '../../client/model/cart'
import { PAGES, type PageName } from '../../client/pages/pages'
import type { AppEnv } from '../app-env'
import { record } from '../analytics/record'
import { limitPerClient } from '../rate-limit'
import { issuesOf, limitBody, noStore, postOnly, refusals } from './post-endpoint'

/**
 * What a browser may report. Closed lists and bounded numbers only: a name the Worker
 * records itself ('checkout_created', 'order_completed') is no event here, so no body can
 * change the funnel's server-side counts.
 */
const browserEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.enum(['page_view', 'cart_opened', 'checkout_started']) }),
  z.strictObject({ type: z.literal('add_to_cart'), quantity: z.int().min(1).max(MAX_QUANTITY) }),
  z.strictObject({ type: z.literal('checkout_failed'), reason: z.enum(CHECKOUT_FAILURES) }),
  // Milliseconds, or CLS's unitless score; a minute bounds any real paint or response.
  z.strictObject({ type: z.literal('vital'), name: z.enum(VITALS), value: z.number().min(0).max(60_000), element: z.enum(LCP_ELEMENTS).optional() }),
])

// The schema and the browser's type (client/analytics/vocabulary.ts) name the same events:
// should either change alone, this line stops the type check.
true satisfies Same<z.infer<typeof browserEvent>, BrowserEvent>
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

export const eventBatch = z.strictObject({
  page: z.enum(Object.keys(PAGES) as [PageName, ...PageName[]]),
  device: z.enum(DEVICES),
  connection: z.enum(CONNECTIONS),
  events: z.array(browserEvent).min(1).max(MAX_EVENTS_PER_BATCH),
})

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
    // A page sends one beacon each time it is hidden.
    limitPerClient('EVENTS_RATE_LIMITER', 'Too many events; please try again in a minute'),
    async (c, next) => ((c.req.header('Content-Type') ?? '').includes('application/json') ? next() : c.json({ error: 'Send events as application/json' }, 415)),
    limitBody(MAX_BATCH_BYTES),
    zValidator('json', eventBatch, (result, c) => {
      if (!result.success) return c.json({ error: 'Invalid events', issues: issuesOf(result.error) }, 400)
    }),
    (c) => {
      const { page, device, connection, events } = c.req.valid('json')
      const route = routeOf(page)
      for (const event of events) {
        const shared = { event: event.type, route, device, connection }
        if (event.type === 'vital') record(c, { ...shared, detail: event.name, element: event.element, value: event.value })
        else if (event.type === 'checkout_failed') record(c, { ...shared, detail: event.reason })
        else if (event.type === 'add_to_cart') record(c, { ...shared, value: event.quantity })
        else record(c, shared)
      }
      return c.body(null, 204)
    },
  )
  .all('/', postOnly)
