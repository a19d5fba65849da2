// When a blanket arrives: the making and carrying times by zone, the daily cut-off in the
// maker's time zone, and the days nobody works. The pages' words (policies.ts, DELIVERY_TIME),
// the structured data's deliveryTime and the arrival line beside the price all read these
// rules, so none can promise what another does not. Dates are calendar days ('YYYY-MM-DD',
// computed in UTC arithmetic); only "today" is read in the maker's time zone.

export type DaySpan = { min: number; max: number }

/** Made on demand: business days from the order until the blanket ships. */
export const HANDLING_DAYS: DaySpan = { min: 2, max: 5 }

/** Where the maker works, whose day an order is counted in. */
export const MAKER_TIME_ZONE = 'America/New_York'
/** Orders placed before this hour (the maker's time) start being made that day. */
export const ORDER_CUTOFF_HOUR = 14
/** Days the maker and the carriers do not work, besides weekends ('MM-DD'). */
export const HOLIDAYS = ['01-01', '07-04', '12-25', '12-26']

const EU = 'AT BE BG HR CY CZ DK EE FI FR DE GR HU IE IT LV LT LU MT NL PL PT RO SK SI ES SE'.split(' ')

/** The carrier's business days by zone, in the order the pages say them; the last is everywhere else. */
export const ZONES = [
  { name: 'the United States', countries: ['US'], transit: { min: 3, max: 5 } },
  { name: 'Canada', countries: ['CA'], transit: { min: 4, max: 7 } },
  { name: 'the United Kingdom', countries: ['GB'], transit: { min: 4, max: 7 } },
  { name: 'the European Union', countries: EU, transit: { min: 4, max: 8 } },
  { name: 'Australia and New Zealand', countries: ['AU', 'NZ'], transit: { min: 6, max: 10 } },
  { name: 'anywhere else', countries: [], transit: { min: 6, max: 12 } },
] as const satisfies { name: string; countries: string[]; transit: DaySpan }[]
export type Zone = (typeof ZONES)[number]

/** The zone a country is carried to; no country (Shopify's unknown region) is the primary market's, the United States. */
export const zoneOf = (country: string | null): Zone =>
  ZONES.find((zone) => (zone.countries as readonly string[]).includes(country ?? 'US')) ?? ZONES[ZONES.length - 1]!

const DAY_MS = 86_400_000
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`)
const isWorkday = (day: string) => {
  const weekday = new Date(dayMs(day)).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !HOLIDAYS.includes(day.slice(5))
}
const nextWorkday = (day: string): string => {
  let next = toDay(dayMs(day) + DAY_MS)
  while (!isWorkday(next)) next = toDay(dayMs(next) + DAY_MS)
  return next
}
const addWorkdays = (day: string, count: number) => {
  let result = day
  for (let i = 0; i < count; i++) result = nextWorkday(result)
  return result
}

/** The maker's calendar day and hour at `now`. */
function makersClock(now: Date): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: MAKER_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  )
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) }
}

/** The workday an order placed at `now` starts being made: today before the cut-off on a workday, else the next workday. */
export function makingStarts(now: Date): string {
  const { day, hour } = makersClock(now)
  return isWorkday(day) && hour < ORDER_CUTOFF_HOUR ? day : nextWorkday(day)
}

/** The first and last day an order placed at `now` arrives in `country`. */
export function arrival(now: Date, country: string | null): { from: string; to: string } {
  const start = makingStarts(now)
  const { transit } = zoneOf(country)
  return {
    from: addWorkdays(start, HANDLING_DAYS.min + transit.min),
    to: addWorkdays(start, HANDLING_DAYS.max + transit.max),
  }
}

const month = (day: string) => new Date(dayMs(day)).toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })
const dayOfMonth = (day: string) => Number(day.slice(8))

/** 'Dec 9–15', or 'Dec 29 – Jan 6' across a month. */
export function dayRange({ from, to }: { from: string; to: string }): string {
  if (from === to) return `${month(from)} ${dayOfMonth(from)}`
  return month(from) === month(to)
    ? `${month(from)} ${dayOfMonth(from)}–${dayOfMonth(to)}`
    : `${month(from)} ${dayOfMonth(from)} – ${month(to)} ${dayOfMonth(to)}`
}

/** From when the pages say whether an order arrives for Christmas ('MM-DD'), until Christmas Day. */
export const CHRISTMAS_LINE_FROM = '11-15'

/**
 * The Christmas line, in the weeks before it: the last day an order still arrives by
 * December 24 (its latest day), or that it no longer does; null the rest of the year.
 */
export function christmasLine(now: Date, country: string | null): string | null {
  const today = makersClock(now).day
  const year = today.slice(0, 4)
  if (today.slice(5) < CHRISTMAS_LINE_FROM || today.slice(5) > '12-25') return null
  const eve = `${year}-12-24`
  if (arrival(now, country).to > eve) return 'Arrives after Christmas'
  // The last calendar day whose orders, placed before the cut-off, still arrive by the 24th.
  let last = today
  for (let day = toDay(dayMs(today) + DAY_MS); day <= eve; day = toDay(dayMs(day) + DAY_MS)) {
    if (arrival(new Date(`${day}T12:00:00Z`), country).to <= eve) last = day
  }
  return `Order by ${month(last)} ${dayOfMonth(last)} for Christmas delivery`
}

/** The arrival words beside the price, for an order placed at `now`: 'Arrives Dec 9–15' and the Christmas line, if any. */
export function arrivalWords(now: Date, country: string | null): { range: string; christmas: string | null } {
  return { range: `Arrives ${dayRange(arrival(now, country))}`, christmas: christmasLine(now, country) }
}

/** Without a date (the server's page, the same for every shopper of a market): the business days it takes. */
export function arrivalSpan(country: string | null): string {
  const { transit } = zoneOf(country)
  return `Arrives in ${HANDLING_DAYS.min + transit.min}–${HANDLING_DAYS.max + transit.max} business days`
}
