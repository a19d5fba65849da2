// The shop's policies, once: the Terms, the product details, the shipping-and-returns lines on
// the pages that sell, and the structured data search engines read all take them from here,
// so no page and no markup can say otherwise (test/worker/structured-data.test.ts reads every
// claim of the markup back from a page). Where the shop ships is not here: it is Shopify's
// answer (`shop.shipsToCountries`), asked with the product (docs/markets.md).

export type DaySpan = { min: number; max: number }

/** Made on demand: business days from the order until the blanket ships. */
export const HANDLING_DAYS: DaySpan = { min: 2, max: 5 }
/** The carrier's business days once it has shipped, wherever it goes. */
export const TRANSIT_DAYS: DaySpan = { min: 3, max: 5 }
/** Days after delivery within which a damaged or defective blanket may be returned. */
export const RETURN_DAYS = 7

/** `2-5`, as the spec writes a span of days. */
export const daySpan = ({ min, max }: DaySpan) => (min === max ? String(min) : `${min}-${max}`)

/** The product details' last fact, in the spec's words. */
export const PRODUCTION = `Made on demand, processing ${daySpan(HANDLING_DAYS)} business days`

/** How long it takes, in one sentence: the Terms and the pages that sell say it alike. */
export const DELIVERY_TIME = `Each blanket is made on demand: processing takes ${daySpan(HANDLING_DAYS)} business days, then the carrier takes ${daySpan(TRANSIT_DAYS)} business days.`

/** What may come back, how, and at whose cost: the Terms and the pages that sell say it alike. */
export const RETURNS = `If a blanket arrives damaged or defective, return it by mail within ${RETURN_DAYS} days of delivery: we e-mail you a prepaid label, so the return is free, and send a replacement or a full refund.`
