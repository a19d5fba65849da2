import { MAKER_DAYS_OFF, MAKER_TIME_ZONE, ORDER_CUTOFF_HOUR, type MakerCalendar } from '../client/content/delivery.ts'
import holidaysFile from './maker-holidays.json' with { type: 'json' }

/**
 * The maker's calendar the page is sent (client/content/delivery.ts, MakerCalendar), from the
 * start of last year to the end of next: its country's public holidays, floating and observed
 * days included, as `date-holidays` gives them (maker-holidays.json, `npm run holidays`); the
 * maker's own days off; its clock's UTC offsets across daylight-saving changes, and the cut-off
 * in its words, both by Intl in its time zone. Worked out once per isolate and year.
 */
let kept: { year: number; calendar: MakerCalendar } | null = null

export function makerCalendar(now = Date.now()): MakerCalendar {
  const year = new Date(now).getUTCFullYear()
  if (kept?.year !== year) kept = { year, calendar: workOut(year) }
  return kept.calendar
}

function workOut(year: number): MakerCalendar {
  const from = `${year - 1}-01-01`
  const to = `${year + 1}-12-31`
  const ownDaysOff = [year - 1, year, year + 1].flatMap((y) => MAKER_DAYS_OFF.map((day) => `${y}-${day}`))
  const holidays = [...holidaysFile.days.filter((day) => day >= from && day <= to), ...ownDaysOff]
  return {
    offsets: offsetsBetween(Date.parse(from), Date.parse(to) + 86_400_000),
    holidays: [...new Set(holidays)].sort(),
    from,
    to: holidaysFile.to >= year + 1 ? to : `${holidaysFile.to}-12-31`,
    cutoff: `${cutoffHour(year)} ${MAKER_TIME_ZONE.split('/')[1]!.replace('_', ' ')} time`,
  }
}

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: MAKER_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
})

/** The maker's clock's offset from UTC at `ms`, in minutes. */
function offsetAt(ms: number): number {
  const parts = Object.fromEntries(wallClock.formatToParts(ms).map((part) => [part.type, Number(part.value)]))
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!)
  return Math.round((wall - Math.floor(ms / 60_000) * 60_000) / 60_000)
}

const WEEK_MS = 7 * 86_400_000

/** Each offset from the minute it begins: found week by week (time zones change at most twice a year), then to the minute. */
function offsetsBetween(from: number, to: number): MakerCalendar['offsets'] {
  const offsets = [{ from, minutes: offsetAt(from) }]
  for (let at = from + WEEK_MS; at < to + WEEK_MS; at += WEEK_MS) {
    const end = Math.min(at, to)
    if (offsetAt(end) === offsets.at(-1)!.minutes) continue
    let [before, after] = [end - WEEK_MS, end]
    while (after - before > 60_000) {
      const middle = before + Math.floor((after - before) / 120_000) * 60_000
      if (offsetAt(middle) === offsets.at(-1)!.minutes) before = middle
      else after = middle
    }
    offsets.push({ from: after, minutes: offsetAt(after) })
  }
  return offsets
}

/** The cut-off as the maker's clock says it ('2 pm', '9 am', '12 pm'), written by Intl in its time zone. */
export function cutoffHour(year: number, hour = ORDER_CUTOFF_HOUR): string {
  const midJanuary = Date.UTC(year, 0, 15, 12)
  const moment = Date.UTC(year, 0, 15, hour) - offsetAt(midJanuary) * 60_000
  const words = new Intl.DateTimeFormat('en-US', { hour: 'numeric', timeZone: MAKER_TIME_ZONE }).format(moment)
  return words.replace(/\s*([AP]M)$/, (_, period: string) => ` ${period.toLowerCase()}`)
}
