import { describe, expect, test } from 'vitest'
import {
  arrival,
  arrivalSpan,
  arrivalWords,
  christmasLine,
  clockAt,
  cutoffWords,
  dayRange,
  nextChange,
  zoneOf,
} from '../../client/content/delivery.ts'
import { DELIVERY_TIME } from '../../client/content/policies.ts'
import { cutoffHour, makerCalendar } from '../../src/maker-calendar.ts'

// The arrival rules (client/content/delivery.ts) on a fixed clock, with the maker's calendar as
// the Worker sends it (src/maker-calendar.ts): made in 2-5 business days from the day's 2 pm
// cut-off in New York, then carried in its zone's transit days, weekends, the United States'
// public holidays (date-holidays: floating and observed days) and the maker's Boxing Day skipped.

/** A moment given with its offset in New York that day (-05:00 or -04:00). */
const at = (local: string) => Date.parse(local)
const calendarAt = (moment: number) => makerCalendar(moment)
const range = (when: string, country: string | null) => dayRange(arrival(at(when), country, calendarAt(at(when))))
const NEW_YORK = clockAt(-300)
const BERLIN = clockAt(60)
const TOKYO = clockAt(540)
const line = (when: string, country: string | null, clock = NEW_YORK) =>
  christmasLine(at(when), country, calendarAt(at(when)), clock)

describe('the arrival range', () => {
  test.each([
    ['a Friday before the cut-off: made from that day', '2026-12-04T10:00:00-05:00', 'US', 'Dec 11–18'],
    ['a Friday after the cut-off: made from Monday', '2026-12-04T15:00:00-05:00', 'US', 'Dec 14–21'],
    ['a Saturday: made from Monday', '2026-12-05T10:00:00-05:00', 'US', 'Dec 14–21'],
    ['across the month and the holidays', '2026-12-21T10:00:00-05:00', 'US', 'Dec 29 – Jan 6'],
    ['December 24: Christmas, Boxing Day and New Year skipped', '2026-12-24T10:00:00-05:00', 'US', 'Jan 4–11'],
    ['the year’s end', '2026-12-31T16:00:00-05:00', 'US', 'Jan 11–19'],
    ['Germany, the EU’s 4-8 days', '2026-12-04T10:00:00-05:00', 'DE', 'Dec 14–23'],
    ['Australia, 6-10 days', '2026-12-04T10:00:00-05:00', 'AU', 'Dec 16–28'],
    ['Canada, 4-7 days', '2026-12-04T10:00:00-05:00', 'CA', 'Dec 14–22'],
    ['no country: the primary market’s', '2026-12-04T10:00:00-05:00', null, 'Dec 11–18'],
  ])('%s', (_, when, country, expected) => {
    expect(range(when, country)).toBe(expected)
  })

  // Thanksgiving is the fourth Thursday of November: November 26 in 2026, inside the weeks
  // the Christmas line is shown. Made from Monday the 23rd: the 24th, 25th, 27th, 30th and
  // December 1st are its five working days; without the holiday it would say Nov 30.
  test('Thanksgiving, a floating holiday, is not a working day', () => {
    expect(range('2026-11-23T10:00:00-05:00', 'US')).toBe('Dec 1–8')
    expect(calendarAt(at('2026-11-23T10:00:00-05:00')).holidays).toContain('2026-11-26')
    expect(calendarAt(at('2027-11-23T10:00:00-05:00')).holidays).toContain('2027-11-25')
  })

  // Boxing Day fell on a Saturday in 2026, so no 2026 date could tell it from a weekend. In
  // 2028 it is a Tuesday: an order on Monday December 18 is made from then; its fifth working
  // day skips Christmas (Monday) and Boxing Day and is the 27th (without Boxing Day, the 26th).
  test('Boxing Day is the maker’s day off in a year it falls on a weekday', () => {
    expect(range('2028-12-18T10:00:00-05:00', 'US')).toBe('Dec 27 – Jan 4')
    expect(calendarAt(at('2028-12-18T10:00:00-05:00')).holidays).toContain('2028-12-26')
  })

  // 2027: Christmas Day is a Saturday, observed on Friday the 24th; New Year's Day 2028 a Saturday, observed on Friday December 31.
  test('observed days: a holiday on a Saturday is kept on the Friday before', () => {
    const calendar = calendarAt(at('2027-12-20T10:00:00-05:00'))
    expect(calendar.holidays).toEqual(expect.arrayContaining(['2027-12-24', '2027-12-31']))
    expect(range('2027-12-20T10:00:00-05:00', 'US')).toBe('Dec 28 – Jan 5')
  })

  test('the cut-off is 2 pm in New York on either side of a daylight-saving change', () => {
    const calendar = calendarAt(at('2026-11-02T09:00:00-05:00'))
    // 18:30 UTC is 2:30 pm on Friday 30 October (EDT, -4), after the cut-off…
    expect(arrival(Date.parse('2026-10-30T18:30:00Z'), 'US', calendar)).toEqual(
      arrival(at('2026-11-02T09:00:00-05:00'), 'US', calendar),
    )
    // …and 1:30 pm on Monday 2 November (EST, -5), before it: made that day.
    expect(arrival(Date.parse('2026-11-02T18:30:00Z'), 'US', calendar).from).toBe('2026-11-09')
    // In spring, 1:59 pm on Monday 9 March 2026 (EDT, the day after the change) is still before it.
    expect(arrival(Date.parse('2026-03-09T17:59:00Z'), 'US', calendar).from).toBe('2026-03-16')
  })

  test('every zone’s span is what the pages say', () => {
    for (const country of ['US', 'CA', 'GB', 'FR', 'AU', 'MX'])
      expect(DELIVERY_TIME).toContain(
        `${zoneOf(country).transit.min}-${zoneOf(country).transit.max} business days to ${zoneOf(country).name}`,
      )
    expect(arrivalSpan({ country: 'US', giftTo: null })).toBe('Arrives in 5–10 business days')
    expect(zoneOf('MX').name).toBe('anywhere else')
  })
})

describe('the Christmas line, on the shopper’s clock', () => {
  test.each([
    [
      'the last day an order still arrives by the 24th',
      '2026-12-04T10:00:00-05:00',
      'US',
      NEW_YORK,
      'Order by 2 pm Dec 10 for Christmas delivery',
    ],
    [
      'in Berlin, on the day itself',
      '2026-12-07T13:55:00-05:00',
      'DE',
      BERLIN,
      'Order by 8 pm today for Christmas delivery',
    ],
    ['the day before', '2026-12-06T13:55:00-05:00', 'DE', BERLIN, 'Order by 8 pm tomorrow for Christmas delivery'],
    ['once it is too late', '2026-12-11T10:00:00-05:00', 'US', NEW_YORK, 'Arrives after Christmas'],
    ['Australia in early December', '2026-12-04T10:00:00-05:00', 'AU', NEW_YORK, 'Arrives after Christmas'],
    ['December 24', '2026-12-24T10:00:00-05:00', 'US', NEW_YORK, 'Arrives after Christmas'],
    ['Christmas Day itself', '2026-12-25T10:00:00-05:00', 'US', NEW_YORK, 'Arrives after Christmas'],
  ])('%s', (_, when, country, clock, expected) => {
    expect(line(when, country, clock)).toBe(expected)
  })

  // The last moment is the cut-off of the last working day whose orders arrive by the 24th:
  // for the US in 2026, Thursday December 10 (made from the 10th: the 17th–24th). An order a
  // minute before it makes Christmas, a minute after it does not.
  test('the last moment that still makes Christmas, and the one after it', () => {
    const calendar = calendarAt(at('2026-12-10T13:59:00-05:00'))
    expect(arrival(at('2026-12-10T13:59:00-05:00'), 'US', calendar).to).toBe('2026-12-24')
    expect(line('2026-12-10T13:59:00-05:00', 'US')).toBe('Order by 2 pm today for Christmas delivery')
    expect(line('2026-12-10T14:01:00-05:00', 'US')).toBe('Arrives after Christmas')
  })

  test('in Tokyo the same moment is the next morning', () => {
    expect(line('2026-12-04T10:00:00-05:00', 'US', TOKYO)).toBe('Order by 4 am Dec 11 for Christmas delivery')
  })

  test.each([
    ['in October', '2026-10-01T10:00:00-04:00'],
    ['on November 14', '2026-11-14T10:00:00-05:00'],
    ['after Christmas', '2026-12-26T10:00:00-05:00'],
    ['in the new year', '2027-01-02T10:00:00-05:00'],
  ])('none %s: the cut-off’s words instead', (_, when) => {
    expect(line(when, 'US')).toBeNull()
    const calendar = calendarAt(at(when))
    expect(arrivalWords(at(when), { country: 'US', giftTo: null }, calendar, NEW_YORK).second).toBe(
      'Ordered before 2 pm New York time, it is started that day.',
    )
    expect(cutoffWords(calendar)).toBe('Ordered before 2 pm New York time, it is started that day.')
  })
})

test('the cut-off’s hour is written by Intl on the maker’s clock: any hour reads right', () => {
  expect([9, 12, 0, 14, 23].map((hour) => cutoffHour(2026, hour))).toEqual(['9 am', '12 pm', '12 am', '2 pm', '11 pm'])
})

test('where the blanket is not shipped: the primary market’s dates, said as a gift', () => {
  const now = at('2026-12-07T13:55:00-05:00')
  const words = arrivalWords(now, { country: 'US', giftTo: 'the United States' }, calendarAt(now), TOKYO)
  expect(words.range).toBe('As a gift to the United States: arrives Dec 14–21')
  expect(arrivalSpan({ country: 'US', giftTo: 'the United States' })).toBe(
    'As a gift to the United States: arrives in 5–10 business days',
  )
})

describe('when the words next change', () => {
  test('at the cut-off, then at the maker’s midnight, and at the shopper’s midnight', () => {
    const calendar = calendarAt(at('2026-12-07T13:55:00-05:00'))
    // Five minutes before the cut-off: next at the cut-off.
    expect(nextChange(at('2026-12-07T13:55:00-05:00'), calendar, NEW_YORK)).toBe(at('2026-12-07T14:00:00-05:00'))
    // In Berlin after the cut-off, the shopper's midnight (6 pm in New York) comes before the maker's.
    expect(nextChange(at('2026-12-07T14:30:00-05:00'), calendar, BERLIN)).toBe(at('2026-12-07T18:00:00-05:00'))
    expect(nextChange(at('2026-12-07T19:00:00-05:00'), calendar, BERLIN)).toBe(at('2026-12-08T00:00:00-05:00'))
  })

  test('across a daylight-saving change, at the cut-off as the new clock says it', () => {
    const calendar = calendarAt(at('2026-11-01T12:00:00-05:00'))
    expect(nextChange(Date.parse('2026-11-02T12:00:00Z'), calendar, NEW_YORK)).toBe(Date.parse('2026-11-02T19:00:00Z'))
    expect(nextChange(Date.parse('2026-03-09T12:00:00Z'), calendar, clockAt(-240))).toBe(
      Date.parse('2026-03-09T18:00:00Z'),
    )
  })
})
