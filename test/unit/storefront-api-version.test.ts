import { expect, test } from 'vitest'
import { apiVersionNotices } from '../../src/monitoring/storefront-api-version.ts'
import { API_VERSION, END_OF_SUPPORT_NOTICE_DAYS, servedUntil } from '../../src/storefront/api-version.ts'

// The pinned Storefront API version and Shopify's calendar for it (src/storefront/api-version.ts):
// what the scheduled check tells the owner, on a fixed clock.

const DAY_MS = 86_400_000

test("Shopify's calendar: a stable version is served until the 16th of its month a year later, 15:00 UTC", () => {
  expect(servedUntil('2025-04').toISOString()).toBe('2026-04-16T15:00:00.000Z') // release notes, 2025-04
  expect(servedUntil('2025-07').toISOString()).toBe('2026-07-16T15:00:00.000Z')
  expect(servedUntil('2026-04').toISOString()).toBe('2027-04-16T15:00:00.000Z')
  expect(servedUntil('2026-10').toISOString()).toBe('2027-10-16T15:00:00.000Z')
  for (const version of ['2026-05', 'unstable', '2026-4', ''])
    expect(() => servedUntil(version)).toThrow('is not a stable Storefront API version')
})

test('the end of support is told from 60 days before it, not a moment sooner, and says when', () => {
  const end = servedUntil(API_VERSION).getTime()
  const noticeFrom = end - END_OF_SUPPORT_NOTICE_DAYS * DAY_MS
  expect(END_OF_SUPPORT_NOTICE_DAYS).toBe(60)
  expect(apiVersionNotices(API_VERSION, [API_VERSION], noticeFrom - DAY_MS - 1)).toEqual([])
  expect(apiVersionNotices(API_VERSION, [API_VERSION], noticeFrom - 1)).toEqual([])
  const [notice] = apiVersionNotices(API_VERSION, [API_VERSION], noticeFrom)
  expect(notice!.id).toBe(`api-end:${API_VERSION}`)
  expect(notice!.text).toContain(`${API_VERSION}, the one the shop asks for, until `)
  expect(notice!.text).toContain('15:00 UTC, 60 days from now')
  expect(apiVersionNotices(API_VERSION, [], end + DAY_MS)[0]!.text).toContain('which has passed')
})

test('2026-04 is told of on February 15, 2027 at 15:00 UTC, naming April 16, 2027', () => {
  expect(apiVersionNotices('2026-04', [], Date.parse('2027-02-15T14:59:59Z'), '2026-04')).toEqual([])
  expect(apiVersionNotices('2026-04', [], Date.parse('2027-02-15T15:00:00Z'), '2026-04')[0]!.text).toContain(
    'until April 16, 2027 15:00 UTC, 60 days from now',
  )
})

test('Shopify answering another version: one notice for that version, naming what it supports', () => {
  const now = servedUntil(API_VERSION).getTime() - 200 * DAY_MS
  expect(apiVersionNotices(API_VERSION, [API_VERSION], now)).toEqual([])
  expect(apiVersionNotices(null, [], now)).toEqual([])
  const notices = apiVersionNotices('2099-01', ['2099-01', '2099-04'], now)
  expect(notices).toEqual([
    {
      id: 'api-version:2099-01',
      text: expect.stringContaining(
        `with version 2099-01, not ${API_VERSION}, the one the shop asks for: it no longer serves ${API_VERSION} and falls forward`,
      ),
    },
  ])
  expect(notices[0]!.text).toContain('Shopify supports 2099-01, 2099-04.')
})

// The suite asks for the move the owner is told of: from 60 days before the pinned version's
// end, this fails until the shop moves (docs/storefront-api.md, 'Moving to the next version').
test('the pinned version is served for more than 60 days yet', () => {
  const daysLeft = Math.floor((servedUntil(API_VERSION).getTime() - Date.now()) / DAY_MS)
  expect(daysLeft, `Storefront API ${API_VERSION} ends in ${daysLeft} days: move to the next version`).toBeGreaterThan(
    END_OF_SUPPORT_NOTICE_DAYS,
  )
})
