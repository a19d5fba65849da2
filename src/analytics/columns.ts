/**
 * One row of the shop's field analytics, as Workers Analytics Engine keeps it (docs:
 * "Workers Analytics Engine", writeDataPoint: one index, up to 20 blobs and 20 doubles).
 * The Worker writes these columns (record.ts) and `npm run report` reads them back
 * (scripts/report/); this is their one definition. Nothing here names a person or a
 * device: no IP address, no user agent, no cookie, no id of a visitor or a page load.
 * No imports, so Node runs it as it is.
 */
export type DataPoint = {
  /** The index (Analytics Engine samples by it, so each kind of event keeps its share), and blob1. */
  event: string
  /** The page's route pattern, never its address ('/product/:handle'); '' for the Worker's own events. */
  route?: string
  /** From the browser's viewport and Network Information API. */
  device?: string
  connection?: string
  /** A vital's name, why a checkout failed, where a checkout opened (checkout_ready), or an order's currency. */
  detail?: string
  /** What the largest paint was ('picture' or 'text'). */
  element?: string
  /** A digest of the hosted cart's id (cartKey), so a checkout and its order count once. */
  cart?: string
  /** How the page load began, for a vital (web-vitals' navigationType); '' from a page served before it was sent. */
  navigation?: string
  /** A vital's value, the quantity added or ordered, or 1. */
  value?: number
  /** How long it took: the tap to the checkout's tab (checkout_ready), Shopify's cartCreate as the Worker saw it (checkout_created), or the checkout to its order (order_created). */
  ms?: number
  /** Where the shopper came from (client/model/attribution.ts, sourceOf), and the campaign's name: a page view's, an order's. */
  source?: string
  campaign?: string
  /** The country whose prices an order's checkout used ('' for Shopify's unknown region, the primary market's). */
  market?: string
  /** An order's total, in the currency `detail` names. */
  amount?: number
  /** Of `ms`, the checkout's request (POST /checkout, sent until its answer was read) as the browser saw it (checkout_ready): the rest is the shop's code in the browser. */
  requestMs?: number
}

/** Where each lives; country and colo are the Worker's, from `request.cf`, never the browser's. */
export const COLUMNS = {
  event: 'blob1',
  route: 'blob2',
  country: 'blob3',
  colo: 'blob4',
  device: 'blob5',
  connection: 'blob6',
  detail: 'blob7',
  element: 'blob8',
  cart: 'blob9',
  navigation: 'blob10',
  source: 'blob11',
  campaign: 'blob12',
  market: 'blob13',
  value: 'double1',
  ms: 'double2',
  requestMs: 'double3',
  amount: 'double4',
} as const
