import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { HOLIDAYS_FILE, libraryVersion, publicHolidays } from '../../scripts/holidays/maker-holidays.ts'
import { makerCalendar } from '../../src/maker-calendar.ts'

// The maker's holidays come from the maintained library `date-holidays`, kept for the Worker
// in src/maker-holidays.json (`npm run holidays`, scripts/holidays/maker-holidays.ts): the file
// must say what the installed library says, and reach far enough ahead.

const file = JSON.parse(readFileSync(HOLIDAYS_FILE, 'utf8')) as {
  source: string
  from: number
  to: number
  days: string[]
}

test('the file holds, year by year, the public holidays the installed date-holidays gives', () => {
  expect(file.source).toContain(`date-holidays ${libraryVersion()}`)
  for (let year = file.from; year <= file.to; year++)
    expect(
      file.days.filter((day) => day.startsWith(`${year}-`)),
      `${year}: run npm run holidays`,
    ).toEqual(publicHolidays(year))
})

test('the file reaches from last year to at least two years ahead (else: npm run holidays)', () => {
  const year = new Date().getUTCFullYear()
  expect(file.from, 'run npm run holidays').toBeLessThanOrEqual(year - 1)
  expect(file.to, 'run npm run holidays').toBeGreaterThanOrEqual(year + 2)
})

test('the calendar sent with a page: three years of holidays and the maker’s clock, small', () => {
  const calendar = makerCalendar(Date.parse('2026-12-07T12:00:00Z'))
  expect(calendar.from).toBe('2025-01-01')
  expect(calendar.to).toBe('2027-12-31')
  expect(calendar.holidays).toEqual(expect.arrayContaining(['2025-11-27', '2026-11-26', '2026-12-26', '2027-07-05']))
  // New York's clock: EST, then EDT from the second Sunday in March, 2 am, to the first Sunday in November.
  expect(calendar.offsets.map(({ from, minutes }) => [new Date(from).toISOString(), minutes])).toEqual([
    ['2025-01-01T00:00:00.000Z', -300],
    ['2025-03-09T07:00:00.000Z', -240],
    ['2025-11-02T06:00:00.000Z', -300],
    ['2026-03-08T07:00:00.000Z', -240],
    ['2026-11-01T06:00:00.000Z', -300],
    ['2027-03-14T07:00:00.000Z', -240],
    ['2027-11-07T06:00:00.000Z', -300],
  ])
  expect(calendar.cutoff).toBe('2 pm New York time')
  expect(JSON.stringify(calendar).length).toBeLessThan(1_200)
})
