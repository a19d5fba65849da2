// The ids by which the Worker's document and the browser's code find the same elements.

/** The page data the Worker hands the browser for hydration (client/pages/pages.ts, PageData). */
export const PAGE_DATA_ID = 'page-data'
/** The product the Worker streamed into the page, so the browser does not fetch it again. */
export const PRODUCT_DATA_ID = 'product-data'
/**
 * An empty element after the part of a page that must be whole in its first frame: the
 * browser paints nothing until it is parsed (Head.firstView), so a line caught mid-stream
 * never paints with half its words.
 */
export const FIRST_VIEW_ID = 'first-view'
/** The no-JavaScript buy form that Order and Add to Cart submit until the app takes over. */
export const BUY_FORM_ID = 'buy-now'
