// What the shop's field analytics can say: the words the browser sends, the Worker checks
// (src/routes/events.ts) and stores (src/analytics/), and `npm run report` reads. Closed
// lists only, so nothing a visitor types, and no address or query string, is ever stored.

/**
 * The funnel, in order: three steps the browser reports, then three only the Worker records,
 * first-hand (a checkout started and created at POST /checkout, an order completed), whose
 * names `POST /events` refuses.
 */
export const FUNNEL = [
  'page_view',
  'add_to_cart',
  'cart_opened',
  'checkout_started',
  'checkout_created',
  'order_created',
] as const
export type FunnelStep = (typeof FUNNEL)[number]

/** The Core Web Vitals and the two paints before them, as web-vitals names them. */
export const VITALS = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const
export type VitalName = (typeof VITALS)[number]

/**
 * Why a checkout failed, by class, as the Worker saw it: the Storefront error's kind
 * (src/storefront/client.ts), or 'internal'.
 */
export const CHECKOUT_FAILURES = [
  'billing',
  'http',
  'graphql',
  'user',
  'shape',
  'timeout',
  'network',
  'internal',
] as const
export type CheckoutFailure = (typeof CHECKOUT_FAILURES)[number]

/**
 * Where the checkout opened: in its own tab, or in the shop's where a tab would have lost
 * it: an app's in-app browser (inapp-spy), pop-ups blocked (window.open gave nothing), or a
 * tab that never left its blank page (cart/use-checkout.ts).
 */
export const CHECKOUT_OPENINGS = ['tab', 'in-app', 'blocked', 'stuck'] as const
export type CheckoutOpening = (typeof CHECKOUT_OPENINGS)[number]

/** From the viewport's width: under 640 px a phone, under 1024 px a tablet. */
export const DEVICES = ['phone', 'tablet', 'desktop'] as const
/** The Network Information API's effectiveType; 'unknown' where a browser lacks it. */
export const CONNECTIONS = ['slow-2g', '2g', '3g', '4g', 'unknown'] as const
/**
 * How the page load began, as web-vitals names it: a link or typed address, a reload, Back
 * or Forward (loaded again, or restored whole from the back-forward cache), a page
 * prerendered before it was shown, or a tab the browser discarded and brought back. Each
 * starts so differently that one p75 over all of them says little.
 */
export const NAVIGATIONS = ['navigate', 'reload', 'back-forward', 'back-forward-cache', 'prerender', 'restore'] as const
export type Navigation = (typeof NAVIGATIONS)[number]

/** What the page's largest paint was. */
export const LCP_ELEMENTS = ['picture', 'text'] as const

/**
 * Why a Back or Forward was loaded afresh rather than restored from the back-forward cache:
 * the names Chromium gives in `notRestoredReasons` (Chrome 123+), at most this many.
 */
export const MAX_NOT_RESTORED_REASONS = 8
export const NOT_RESTORED_REASON = /^[a-z0-9-]{1,64}$/

export type BrowserEvent =
  /** A page view names where the shopper came from (model/attribution.ts, sourceOf) and the campaign, when known. */
  | { type: 'page_view'; source?: string; campaign?: string }
  | { type: 'cart_opened' }
  | { type: 'add_to_cart'; quantity: number }
  /**
   * The tap on 'Checkout with Shopify' until the checkout's tab was pointed at Shopify, in ms;
   * `request`: of that, POST /checkout from sent to its answer read; `checkout`: the key POST
   * /checkout answered with; `opened`: where.
   */
  | { type: 'checkout_ready'; ms: number; request?: number; checkout?: string; opened?: CheckoutOpening }
  | { type: 'vital'; name: VitalName; value: number; element?: (typeof LCP_ELEMENTS)[number]; navigation?: Navigation }
  /** A page loaded by Back or Forward that the back-forward cache did not restore, and Chromium's reasons. */
  | { type: 'not_restored'; reasons: string[] }

/** One beacon: a page load's events, with what they share. */
export type EventBatch = {
  page: string
  device: (typeof DEVICES)[number]
  connection: (typeof CONNECTIONS)[number]
  events: BrowserEvent[]
}

/** True when A and B are the same type: `true satisfies Same<A, B>` stops the type check when one changes alone. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false

/** The largest body `POST /events` takes. */
export const MAX_BATCH_BYTES = 8 * 1024
/**
 * The most events in one body: each is a row, and Analytics Engine takes at most 25
 * `writeDataPoint` calls per Worker invocation (docs: "Workers Analytics Engine", Limits).
 */
export const MAX_EVENTS_PER_BATCH = 25
