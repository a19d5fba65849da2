// `npm run holidays`: writes src/maker-holidays.json, the maker's country's public holidays
// (floating and observed days included) for the years the shop's calendar may need, as the
// maintained library `date-holidays` gives them. The Worker reads the file rather than the
// library: the library and its data are 1.5 MB of script whose import took 163 ms in Node,
// on the render path of every cold isolate. test/unit/maker-calendar.test.ts holds the file to
// what the installed library says, and fails once it no longer reaches far enough ahead.
import { readFileSync, writeFileSync } from 'node:fs'
import Holidays from 'date-holidays'
import { MAKER_COUNTRY } from '../../client/content/delivery.ts'

/** The file's years: from last year to this many years ahead. */
export const YEARS_AHEAD = 5
export const HOLIDAYS_FILE = new URL('../../src/maker-holidays.json', import.meta.url)

/** The maker's country's public holidays in `year`, as the library gives them ('YYYY-MM-DD'). */
export function publicHolidays(year: number): string[] {
  return new Holidays(MAKER_COUNTRY, { types: ['public'] })
    .getHolidays(year)
    .map((holiday) => holiday.date.slice(0, 10))
    .sort()
}

/** The installed library's version, so the file says what made it. */
export const libraryVersion = (): string =>
  (JSON.parse(readFileSync(new URL(import.meta.resolve('date-holidays/package.json')), 'utf8')) as { version: string })
    .version

export function makerHolidays(thisYear = new Date().getUTCFullYear()) {
  const years = Array.from({ length: YEARS_AHEAD + 2 }, (_, i) => thisYear - 1 + i)
  return {
    source: `date-holidays ${libraryVersion()}: ${MAKER_COUNTRY} public holidays (npm run holidays)`,
    from: years[0]!,
    to: years.at(-1)!,
    days: years.flatMap(publicHolidays),
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(HOLIDAYS_FILE, `${JSON.stringify(makerHolidays(), null, 2)}\n`)
  console.log(`wrote ${HOLIDAYS_FILE.pathname}`)
}
