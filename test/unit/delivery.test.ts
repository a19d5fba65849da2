import { describe, expect, test } from 'vitest'
import { arrival, arrivalSpan, arrivalWords, christmasLine, dayRange, zoneOf } from '../../client/content/delivery.ts'
import { DELIVERY_TIME } from '../../client/content/policies.ts'

// The arrival rules (client/content/delivery.ts) on a fixed clock, in the maker's time zone
// (America/New_York): made in 2-5 business days from the day's 2 pm cut-off, then carried
// in its zone's transit days, weekends and the holidays skipped.

/** A moment given in New York's wall-clock time, with its offset that day (-05:00 or -04:00). */
const at = (local: string) => new Date(local)

describe('the arrival range', () => {
  test.each([
    ['a Friday before the cut-off: made from that day', '2026-12-04T10:00:00-05:00', 'US', 'Dec 11–18'],
    ['a Friday after the cut-off: made from Monday', '2026-12-04T15:00:00-05:00', 'US', 'Dec 14–21'],
    ['a Saturday: made from Monday', '2026-12-05T10:00:00-05:00', 'US', 'Dec 14–21'],
    ['across the month and the holidays', '2026-12-21T10:00:00-05:00', 'US', 'Dec 29 – Jan 6'],
    ['December 24: Christmas, Boxing Day and New Year skipped', '2026-12-24T10:00:00-05:00', 'US', 'Jan 4–11'],
    ['the year’s end', '2026-12-31T16:00:00-05:00', 'US', 'Jan 11–18'],
    ['Germany, the EU’s 4-8 days', '2026-12-04T10:00:00-05:00', 'DE', 'Dec 14–23'],
    ['Australia, 6-10 days', '2026-12-04T10:00:00-05:00', 'AU', 'Dec 16–28'],
    ['Canada, 4-7 days', '2026-12-04T10:00:00-05:00', 'CA', 'Dec 14–22'],
    ['no country: the primary market’s', '2026-12-04T10:00:00-05:00', null, 'Dec 11–18'],
  ])('%s', (_, when, country, range) => {
    expect(dayRange(arrival(at(when), country))).toBe(range)
  })

  test('the cut-off is 2 pm in New York on either side of a daylight-saving change', () => {
    // 18:30 UTC is 2:30 pm on Friday 30 October (EDT, -4), after the cut-off…
    expect(arrival(new Date('2026-10-30T18:30:00Z'), 'US')).toEqual(arrival(at('2026-11-02T09:00:00-05:00'), 'US'))
    // …and 1:30 pm on Monday 2 November (EST, -5), before it: made that day.
    expect(arrival(new Date('2026-11-02T18:30:00Z'), 'US').from).toBe('2026-11-09')
  })

  test('every zone’s span is what the pages say', () => {
    for (const country of ['US', 'CA', 'GB', 'FR', 'AU', 'MX'])
      expect(DELIVERY_TIME).toContain(
        `${zoneOf(country).transit.min}-${zoneOf(country).transit.max} business days to ${zoneOf(country).name}`,
      )
    expect(arrivalSpan('US')).toBe('Arrives in 5–10 business days')
    expect(zoneOf('MX').name).toBe('anywhere else')
  })
})

describe('the Christmas line', () => {
  test.each([
    [
      'the last day an order still arrives by the 24th',
      '2026-12-04T10:00:00-05:00',
      'US',
      'Order by Dec 10 for Christmas delivery',
    ],
    ['Germany, farther', '2026-12-04T10:00:00-05:00', 'DE', 'Order by Dec 7 for Christmas delivery'],
    ['once it is too late', '2026-12-11T10:00:00-05:00', 'US', 'Arrives after Christmas'],
    ['Australia in early December', '2026-12-04T10:00:00-05:00', 'AU', 'Arrives after Christmas'],
    ['December 24', '2026-12-24T10:00:00-05:00', 'US', 'Arrives after Christmas'],
  ])('%s', (_, when, country, line) => {
    expect(christmasLine(at(when), country)).toBe(line)
    expect(arrivalWords(at(when), country).christmas).toBe(line)
  })

  test.each([
    ['in October', '2026-10-01T10:00:00-04:00'],
    ['after Christmas', '2026-12-27T10:00:00-05:00'],
    ['in the new year', '2027-01-02T10:00:00-05:00'],
  ])('none %s', (_, when) => {
    expect(christmasLine(at(when), 'US')).toBeNull()
  })
})
