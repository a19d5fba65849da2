/**
 * The maker's calendar for a span of years, as the Worker works it out and sends with the
 * page (src/maker-calendar.ts), so the browser reads the maker's day by arithmetic alone
 * (client/content/delivery.ts).
 */
export type MakerCalendar = {
  /** The maker's clock's UTC offset in minutes from each moment on (ms), oldest first; the first holds from the span's start. */
  offsets: { from: number; minutes: number }[]
  /** Days nobody works besides weekends ('YYYY-MM-DD'), sorted: public holidays, observed days, the maker's own. */
  holidays: string[]
  /** The first and last day the calendar knows. */
  from: string
  to: string
  /** The cut-off as the maker's clock says it, written by Intl: '2 pm New York time'. */
  cutoff: string
}

/**
 * Whom a page's delivery dates are for: its country, or where the blanket is not shipped
 * there, the primary market's, said as such (`giftTo`: 'the United States').
 */
export type ArrivalFor = { country: string | null; giftTo: string | null }
