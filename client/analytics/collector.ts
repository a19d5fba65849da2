import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals'
import { MAX_QUANTITY } from '../model/cart.ts'
import { sourceOf } from '../model/attribution.ts'
import { keptAttribution } from '../cart/kept-attribution.ts'
import {
  MAX_EVENTS_PER_BATCH,
  MAX_NOT_RESTORED_REASONS,
  NOT_RESTORED_REASON,
  type BrowserEvent,
  type EventBatch,
  type Navigation,
  type Same,
} from './vocabulary.ts'

// Loaded once the app is live and the browser idle (start.ts), never on the critical path.
// web-vitals observes with `buffered: true`, so loading late loses no paint or shift.

/**
 * Starts collecting for this page load: the events the app tracks and the page's vitals,
 * sent together with `navigator.sendBeacon` whenever the page is hidden (a new tab, the
 * app switcher, leaving the page), which is the last moment a browser reliably gives.
 */
export function collect(page: string, tracked: BrowserEvent[]) {
  const vitals: BrowserEvent[] = []
  // A page restored whole runs none of this again: only one loaded afresh by Back or Forward gets here.
  const notRestored = notRestoredBy(performance.getEntriesByType('navigation')[0])
  if (notRestored) vitals.push(notRestored)

  const vital = ({ name, value, entries, navigationType }: Metric) => {
    const event: BrowserEvent = { type: 'vital', name, value, navigation: navigationType }
    const largest = name === 'LCP' ? (entries.at(-1) as LargestContentfulPaint | undefined)?.element : undefined
    if (largest) event.element = largest.tagName === 'IMG' || largest.tagName === 'svg' ? 'picture' : 'text'
    vitals.push(event)
  }
  for (const observe of [onLCP, onINP, onCLS, onFCP, onTTFB]) observe(vital)

  const flush = () => {
    const context = {
      page,
      device: innerWidth < 640 ? 'phone' : innerWidth < 1024 ? 'tablet' : 'desktop',
      connection:
        (navigator as { connection?: { effectiveType?: EventBatch['connection'] } }).connection?.effectiveType ??
        'unknown',
    } satisfies Omit<EventBatch, 'events'>
    // The funnel steps tracked since the last beacon, the checkout's span (the last, should
    // the shopper have tried twice), then the vitals reported since, in beacons the Worker
    // takes (MAX_EVENTS_PER_BATCH, well under its 8 KB).
    const since = tracked.splice(0)
    const events = [
      ...funnelSteps(since).map((event) => (event.type === 'page_view' ? { ...event, ...cameFrom() } : event)),
      ...since.filter((event) => event.type === 'checkout_ready').slice(-1),
      ...vitals.splice(0),
    ]
    while (events.length > 0) {
      const batch: EventBatch = { ...context, events: events.splice(0, MAX_EVENTS_PER_BATCH) }
      navigator.sendBeacon('/events', new Blob([JSON.stringify(batch)], { type: 'application/json' }))
    }
  }
  // web-vitals reports its final values on the same event, from a listener registered
  // before this one; `pagehide` is for browsers that leave a page without hiding it first.
  addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush())
  addEventListener('pagehide', flush)
  // The checkout's span is timed once the checkout's tab is in front, this page already
  // hidden: the app says so with an event of that name on window (cart/use-checkout.ts), and
  // it is sent at once, rather than the next time the shopper leaves this tab.
  addEventListener(
    'checkout_ready' satisfies BrowserEvent['type'],
    () => document.visibilityState === 'hidden' && flush(),
  )
}

/** Where this shopper came from, as kept beside the cart (browser/attribution.ts): the last source and its campaign. */
function cameFrom(): { source: string; campaign?: string } {
  const { last } = keptAttribution()
  return { source: sourceOf(last), ...(last?.utm_campaign && { campaign: last.utm_campaign }) }
}

type Reasons = { reasons?: { reason: string }[] | null; children?: Reasons[] | null }

/**
 * Why this Back or Forward was not restored from the back-forward cache, as Chromium says
 * (`notRestoredReasons`, Chrome 123+: the page's own reasons and its frames'), each name once;
 * null for any other page load, or a browser that does not say.
 */
export function notRestoredBy(entry: PerformanceEntry | undefined): BrowserEvent | null {
  const navigation = entry as (PerformanceNavigationTiming & { notRestoredReasons?: Reasons | null }) | undefined
  if (navigation?.type !== 'back_forward' || !navigation.notRestoredReasons) return null
  const names = (tree: Reasons): string[] => [
    ...(tree.reasons ?? []).map((r) => r.reason),
    ...(tree.children ?? []).flatMap(names),
  ]
  const reasons = [...new Set(names(navigation.notRestoredReasons))]
    .filter((reason) => NOT_RESTORED_REASON.test(reason))
    .slice(0, MAX_NOT_RESTORED_REASONS)
  return { type: 'not_restored', reasons }
}

// The vocabulary's navigation types are web-vitals' own: should either change alone, this
// line stops the type check.
true satisfies Same<Navigation, Metric['navigationType']>

/**
 * A beacon's funnel steps as POST /events takes them: each at most once, the adds folded
 * into one (their quantities summed), and a step of the cart always with the page view it
 * came from. A page load hidden once (the app switcher, say) and then shown again, which
 * then adds or opens the cart, so reports its view a second time: the report's page views
 * are then a little high, never its adds past its views.
 */
export function funnelSteps(tracked: BrowserEvent[]): BrowserEvent[] {
  const added = tracked.reduce((quantity, event) => quantity + (event.type === 'add_to_cart' ? event.quantity : 0), 0)
  const opened = tracked.some((event) => event.type === 'cart_opened')
  if (!added && !opened && !tracked.some((event) => event.type === 'page_view')) return []
  const steps: BrowserEvent[] = [{ type: 'page_view' }]
  if (added) steps.push({ type: 'add_to_cart', quantity: Math.min(added, MAX_QUANTITY) })
  if (opened) steps.push({ type: 'cart_opened' })
  return steps
}
