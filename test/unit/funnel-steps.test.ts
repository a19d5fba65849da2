import fc from 'fast-check'
import { expect, test } from 'vitest'
import { funnelSteps, notRestoredBy } from '../../client/analytics/collector.ts'
import type { BrowserEvent } from '../../client/analytics/vocabulary.ts'
import { eventBatch } from '../../src/routes/events.ts'

const tracked = fc.array(
  fc.oneof(
    fc.constant<BrowserEvent>({ type: 'page_view' }),
    fc.constant<BrowserEvent>({ type: 'cart_opened' }),
    fc.integer({ min: 1, max: 99 }).map((quantity): BrowserEvent => ({ type: 'add_to_cart', quantity })),
  ),
  { maxLength: 40 },
)

// Whatever a page load tracked between two beacons, the collector sends what the Worker takes.
test('the steps a beacon sends always pass the Worker’s bounds, with the adds summed', () => {
  fc.assert(
    fc.property(tracked, (events) => {
      const steps = funnelSteps(events)
      if (steps.length === 0) {
        expect(events).toEqual([])
        return
      }
      expect(eventBatch.safeParse({ page: 'product', device: 'phone', connection: '4g', events: steps }).success).toBe(
        true,
      )
      const added = events.reduce((n, e) => n + (e.type === 'add_to_cart' ? e.quantity : 0), 0)
      expect(steps.find((e) => e.type === 'add_to_cart')).toEqual(
        added ? { type: 'add_to_cart', quantity: Math.min(added, 99) } : undefined,
      )
      expect(steps.some((e) => e.type === 'cart_opened')).toBe(events.some((e) => e.type === 'cart_opened'))
    }),
  )
})

test('a beacon after the first, with nothing of the funnel in it, sends no page view again', () => {
  expect(funnelSteps([])).toEqual([])
  expect(funnelSteps([{ type: 'cart_opened' }])).toEqual([{ type: 'page_view' }, { type: 'cart_opened' }])
})

// Chromium says why a Back or Forward was not restored (notRestoredReasons, Chrome 123+).
test('a Back loaded afresh is reported with the reasons of the page and its frames, each once; any other load, or a browser that does not say, with nothing', () => {
  const entry = (type: string, notRestoredReasons?: unknown) =>
    ({ type, notRestoredReasons }) as unknown as PerformanceEntry
  const reasons = {
    reasons: [{ reason: 'masked' }, { reason: 'broadcastchannel' }],
    children: [{ reasons: [{ reason: 'masked' }, { reason: 'Not A Name!' }], children: [] }],
  }
  expect(notRestoredBy(entry('back_forward', reasons))).toEqual({
    type: 'not_restored',
    reasons: ['masked', 'broadcastchannel'],
  })
  expect(
    notRestoredBy(entry('back_forward', { reasons: Array.from({ length: 20 }, (_, i) => ({ reason: `r${i}` })) })),
  ).toMatchObject({ reasons: ['r0', 'r1', 'r2', 'r3', 'r4', 'r5', 'r6', 'r7'] })
  expect(notRestoredBy(entry('navigate', reasons))).toBeNull()
  expect(notRestoredBy(entry('back_forward'))).toBeNull()
  expect(notRestoredBy(undefined)).toBeNull()
})
