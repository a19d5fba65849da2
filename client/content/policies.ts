// The shop's policies, once: the Terms, the product details, the shipping-and-returns lines on
// the pages that sell, and the structured data search engines read all take them from here,
// so no page and no markup can say otherwise (test/worker/structured-data.test.ts reads every
// claim of the markup back from a page). Where the shop ships is not here: it is Shopify's
// answer (`shop.shipsToCountries`), asked with the product (docs/markets.md).

import { HANDLING_DAYS, ZONES, type DaySpan } from './delivery.ts'

/** Days after delivery within which a damaged or defective blanket may be returned. */
export const RETURN_DAYS = 7

/** `2-5`, as the spec writes a span of days. */
export const daySpan = ({ min, max }: DaySpan) => (min === max ? String(min) : `${min}-${max}`)

/** The product details' last fact, in the spec's words. */
export const PRODUCTION = `Made on demand, processing ${daySpan(HANDLING_DAYS)} business days`

/** The carrier's time to one zone, as the pages say it: '3-5 business days to the United States'. */
export const transitWords = (zone: (typeof ZONES)[number]) => `${daySpan(zone.transit)} business days to ${zone.name}`

/** How long it takes, in one sentence (content/delivery.ts): the Terms and the pages that sell say it alike. */
export const DELIVERY_TIME = `Each blanket is made on demand: processing takes ${daySpan(HANDLING_DAYS)} business days, then the carrier takes ${new Intl.ListFormat('en', { type: 'conjunction' }).format(ZONES.map(transitWords))}.`

/** What may come back, how, and at whose cost: the Terms and the pages that sell say it alike. */
export const RETURNS = `If a blanket arrives damaged or defective, return it by mail within ${RETURN_DAYS} days of delivery: we e-mail you a prepaid label, so the return is free, and send a replacement or a full refund.`
