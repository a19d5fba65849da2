// When a blanket arrives: the making and carrying times by zone, the daily cut-off in the
// maker's time zone, and the days nobody works. The pages' words (policies.ts, DELIVERY_TIME),
// the structured data's deliveryTime and the arrival line beside the price all read these
// rules, so none can promise what another does not. Dates are calendar days ('YYYY-MM-DD',
// computed in UTC arithmetic).
//
// The maker's calendar (its holidays and its clock's UTC offsets) is worked out by the Worker
// (src/maker-calendar.ts: date-holidays, Intl) and sent with the page as a MakerCalendar, so
// the browser reads the maker's day with arithmetic alone: no time-zone formatter, whose first
// use cost 175–297 ms of main thread on a slow phone, runs there.

import type { ArrivalFor, MakerCalendar } from '../model/calendar.ts'

export type { ArrivalFor, MakerCalendar }
export type DaySpan = { min: number; max: number }

/** Made on demand: business days from the order until the blanket ships. */
export const HANDLING_DAYS: DaySpan = { min: 2, max: 5 }

/** Where the maker works, whose day an order is counted in, and whose public holidays it keeps. */
export const MAKER_TIME_ZONE = 'America/New_York'
export const MAKER_COUNTRY = 'US'
/** Orders placed before this hour (the maker's time) start being made that day. */
export const ORDER_CUTOFF_HOUR = 14
/** The maker's own days off each year ('MM-DD'), besides weekends and its country's public holidays. */
export const MAKER_DAYS_OFF = ['12-26']

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
const HOUR_MS = 3_600_000
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`)
const nextDay = (day: string) => toDay(dayMs(day) + DAY_MS)

/** The maker's clock's offset (minutes) at `ms`. */
function offsetAt(calendar: MakerCalendar, ms: number): number {
  let minutes = calendar.offsets[0]!.minutes
  for (const offset of calendar.offsets) if (offset.from <= ms) minutes = offset.minutes
  return minutes
}

/** The maker's calendar day and hour at `now`. */
export function makersClock(now: number, calendar: MakerCalendar): { day: string; hour: number } {
  const local = now + offsetAt(calendar, now) * 60_000
  return { day: toDay(local), hour: new Date(local).getUTCHours() }
}

/** Whether the maker works on `day`: not a weekend, a holiday or one of its own days off. */
export function isWorkday(day: string, calendar: MakerCalendar): boolean {
  const weekday = new Date(dayMs(day)).getUTCDay()
  return weekday !== 0 && weekday !== 6 && !calendar.holidays.includes(day)
}

function nextWorkday(day: string, calendar: MakerCalendar): string {
  let next = nextDay(day)
  while (!isWorkday(next, calendar)) next = nextDay(next)
  return next
}

const addWorkdays = (day: string, count: number, calendar: MakerCalendar) => {
  let result = day
  for (let i = 0; i < count; i++) result = nextWorkday(result, calendar)
  return result
}

/** The moment (ms) a maker's `day` reaches `hour` on its clock. */
function makersMoment(day: string, hour: number, calendar: MakerCalendar): number {
  const guess = dayMs(day) + hour * HOUR_MS
  return guess - offsetAt(calendar, guess - offsetAt(calendar, guess) * 60_000) * 60_000
}

/** The workday an order placed at `now` starts being made: today before the cut-off on a workday, else the next workday. */
export function makingStarts(now: number, calendar: MakerCalendar): string {
  const { day, hour } = makersClock(now, calendar)
  return isWorkday(day, calendar) && hour < ORDER_CUTOFF_HOUR ? day : nextWorkday(day, calendar)
}

/** The first and last day an order placed at `now` arrives in `country`. */
export function arrival(now: number, country: string | null, calendar: MakerCalendar): { from: string; to: string } {
  const start = makingStarts(now, calendar)
  const { transit } = zoneOf(country)
  return {
    from: addWorkdays(start, HANDLING_DAYS.min + transit.min, calendar),
    to: addWorkdays(start, HANDLING_DAYS.max + transit.max, calendar),
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const month = (day: string) => MONTHS[Number(day.slice(5, 7)) - 1]!
const dayOfMonth = (day: string) => Number(day.slice(8))

/** 'Dec 9–15', or 'Dec 29 – Jan 6' across a month. */
export function dayRange({ from, to }: { from: string; to: string }): string {
  if (from === to) return `${month(from)} ${dayOfMonth(from)}`
  return month(from) === month(to)
    ? `${month(from)} ${dayOfMonth(from)}–${dayOfMonth(to)}`
    : `${month(from)} ${dayOfMonth(from)} – ${month(to)} ${dayOfMonth(to)}`
}

/** From when the pages say whether an order arrives for Christmas ('MM-DD'), through Christmas Day. */
export const CHRISTMAS_LINE_FROM = '11-15'
export const CHRISTMAS_LINE_TO = '12-25'

/**
 * The shopper's clock: their calendar day and time at a moment. In the browser it is the
 * device's own (`localClock`); tests give a fixed offset.
 */
export type ShopperClock = (ms: number) => { day: string; hour: number; minute: number }

/** The device's clock, read with Date's own getters (no formatter). */
export const localClock: ShopperClock = (ms) => {
  const date = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return {
    day: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    hour: date.getHours(),
    minute: date.getMinutes(),
  }
}

/** A clock `minutes` east of UTC. */
export const clockAt =
  (minutes: number): ShopperClock =>
  (ms) => {
    const local = new Date(ms + minutes * 60_000)
    return { day: toDay(local.getTime()), hour: local.getUTCHours(), minute: local.getUTCMinutes() }
  }

/** '8 pm today', '9:30 am tomorrow', '8 pm Dec 10': a moment on the shopper's clock, seen at `now`. */
export function shopperTime(moment: number, now: number, clock: ShopperClock): string {
  const { day, hour, minute } = clock(moment)
  const today = clock(now).day
  const time = `${hour % 12 || 12}${minute ? `:${String(minute).padStart(2, '0')}` : ''} ${hour < 12 ? 'am' : 'pm'}`
  const when = day === today ? 'today' : day === nextDay(today) ? 'tomorrow' : `${month(day)} ${dayOfMonth(day)}`
  return `${time} ${when}`
}

/**
 * The last moment an order still arrives by December 24 (its latest day), in the weeks before
 * Christmas: the cut-off of the last workday whose orders arrive by then; null when none is
 * left from `now`, or outside those weeks. Any order before it starts being made on or before
 * that workday, so it arrives no later.
 */
export function lastChristmasMoment(now: number, country: string | null, calendar: MakerCalendar): number | null {
  const today = makersClock(now, calendar).day
  const eve = `${today.slice(0, 4)}-12-24`
  let last: number | null = null
  for (let day = makingStarts(now, calendar); day <= eve; day = nextWorkday(day, calendar)) {
    const moment = makersMoment(day, ORDER_CUTOFF_HOUR, calendar)
    if (arrival(moment - 1, country, calendar).to <= eve) last = moment
    else break
  }
  return last
}

/** Whether `now` falls in the weeks the pages speak of Christmas (the maker's days, November 15 to December 25). */
export function inChristmasWeeks(now: number, calendar: MakerCalendar): boolean {
  const monthDay = makersClock(now, calendar).day.slice(5)
  return monthDay >= CHRISTMAS_LINE_FROM && monthDay <= CHRISTMAS_LINE_TO
}

/** 'Order by 8 pm today for Christmas delivery', 'Arrives after Christmas', or null outside the weeks before it. */
export function christmasLine(
  now: number,
  country: string | null,
  calendar: MakerCalendar,
  clock: ShopperClock,
): string | null {
  if (!inChristmasWeeks(now, calendar)) return null
  const last = lastChristmasMoment(now, country, calendar)
  return last === null ? 'Arrives after Christmas' : `Order by ${shopperTime(last, now, clock)} for Christmas delivery`
}

/** The cut-off's line outside the weeks before Christmas. */
export const cutoffWords = (calendar: Pick<MakerCalendar, 'cutoff'>) =>
  `Ordered before ${calendar.cutoff}, it is started that day.`

const giftWords = (giftTo: string | null, words: string) =>
  giftTo ? `As a gift to ${giftTo}: ${words.charAt(0).toLowerCase()}${words.slice(1)}` : words

/** The arrival words beside the price, for an order placed at `now`: 'Arrives Dec 9–15' and the second line. */
export function arrivalWords(
  now: number,
  { country, giftTo }: ArrivalFor,
  calendar: MakerCalendar,
  clock: ShopperClock = localClock,
): { range: string; second: string } {
  return {
    range: giftWords(giftTo, `Arrives ${dayRange(arrival(now, country, calendar))}`),
    second: christmasLine(now, country, calendar, clock) ?? cutoffWords(calendar),
  }
}

/** Without a date (the server's page, the same for every shopper of a market): the business days it takes. */
export function arrivalSpan({ country, giftTo }: ArrivalFor): string {
  const { transit } = zoneOf(country)
  return giftWords(
    giftTo,
    `Arrives in ${HANDLING_DAYS.min + transit.min}–${HANDLING_DAYS.max + transit.max} business days`,
  )
}

/** The longest words each line may say, so each is sized for them and nothing moves when they change. */
export function longestArrivalWords(at: ArrivalFor) {
  return {
    range: [arrivalSpan(at), giftWords(at.giftTo, 'Arrives Dec 28 – Jan 12')],
    second: [
      // The cut-off's words at their longest, held before the calendar comes with the product.
      cutoffWords({ cutoff: `12:30 pm ${MAKER_TIME_ZONE.split('/')[1]!.replace('_', ' ')} time` }),
      'Order by 12:30 am tomorrow for Christmas delivery',
      'Order by 12:30 am Dec 10 for Christmas delivery',
    ],
  }
}

/**
 * The next moment the words can change after `now`: the maker's next cut-off or midnight, or
 * the shopper's next midnight ('today' becomes 'tomorrow'). The page works them out again then.
 */
export function nextChange(now: number, calendar: MakerCalendar, clock: ShopperClock = localClock): number {
  const { day } = makersClock(now, calendar)
  const candidates = [
    makersMoment(day, ORDER_CUTOFF_HOUR, calendar),
    makersMoment(nextDay(day), 0, calendar),
    makersMoment(nextDay(day), ORDER_CUTOFF_HOUR, calendar),
  ]
  // The shopper's next midnight: the first hour after now whose day differs from today's.
  const today = clock(now).day
  const shopperHour = Math.ceil((now + 1) / HOUR_MS) * HOUR_MS
  for (let at = shopperHour; at <= now + DAY_MS + HOUR_MS; at += HOUR_MS / 4)
    if (clock(at).day !== today) {
      candidates.push(at)
      break
    }
  return Math.min(...candidates.filter((moment) => moment > now))
}

/** Whether the calendar knows `now`'s day and the weeks an order from it takes. */
export const calendarCovers = (now: number, calendar: MakerCalendar) => {
  const { day } = makersClock(now, calendar)
  return day >= calendar.from && toDay(dayMs(day) + 60 * DAY_MS) <= calendar.to
}
