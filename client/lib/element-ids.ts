// The ids by which the Worker's document and the browser's code find the same elements.

/** The page data the Worker hands the browser for hydration (client/pages/pages.ts, PageData). */
export const PAGE_DATA_ID = 'page-data'
/** The product the Worker streamed into the page, so the browser does not fetch it again. */
export const PRODUCT_DATA_ID = 'product-data'
/** The no-JavaScript buy form that Order and Add to Cart submit until the app takes over. */
export const BUY_FORM_ID = 'buy-now'
