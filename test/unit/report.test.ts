import { expect, test } from 'vitest'
import { aggregate, weightedP75, type Row } from '../../scripts/report/aggregate'
import { asHtml } from '../../scripts/report/html'
import { asText } from '../../scripts/report/text'

// `npm run report`'s arithmetic, on rows shaped as Analytics Engine's SQL API answers them.

const row = (event: string, fields: Partial<Record<string, string | number>> = {}): Row => ({ blob1: event, blob2: '/', blob3: 'NZ', blob5: 'phone', double1: 1, _sample_interval: 1, ...fields })
const vital = (name: string, value: number, fields: Partial<Record<string, string | number>> = {}) => row('vital', { blob7: name, double1: value, ...fields })

test('p75 is the smallest value with three quarters of the weight at or below it', () => {
  expect(weightedP75([])).toBeNull()
  expect(weightedP75([1, 2, 3, 4].map((value) => ({ value, weight: 1 })))).toBe(3)
  // A sampled row stands for as many as its interval says.
  expect(weightedP75([{ value: 100, weight: 1 }, { value: 5000, weight: 9 }])).toBe(5000)
  expect(weightedP75([{ value: 100, weight: 9 }, { value: 5000, weight: 1 }])).toBe(100)
})

test('the funnel weights each row by its sample interval and gives each step its share of the step before', () => {
  const report = aggregate([row('page_view', { _sample_interval: 4 }), row('page_view'), row('add_to_cart'), row('add_to_cart'), row('cart_opened'), row('checkout_started')])
  expect(report.funnel.slice(0, 4)).toEqual([
    { step: 'page_view', count: 5, conversion: null },
    { step: 'add_to_cart', count: 2, conversion: 0.4 },
    { step: 'cart_opened', count: 1, conversion: 0.5 },
    { step: 'checkout_started', count: 1, conversion: 1 },
  ])
})

test('checkouts count once per cart, and orders only once each and only for carts the checkout made', () => {
  const rows = [
    row('checkout_created', { blob9: 'a' }),
    row('checkout_created', { blob9: 'b' }),
    row('order_completed', { blob9: 'a' }),
    row('order_completed', { blob9: 'a' }), // asked again
    row('order_completed', { blob9: 'forged' }), // a cart this shop never made
  ]
  const counts = Object.fromEntries(aggregate(rows).funnel.map((s) => [s.step, s.count]))
  expect([counts.checkout_created, counts.order_completed]).toEqual([2, 1])
  expect(aggregate(rows).funnel.at(-1)!.conversion).toBe(0.5)
})

test('vitals break down by page, country and device, with the LCP element and the thresholds', () => {
  const report = aggregate([
    vital('LCP', 1000, { blob8: 'picture' }),
    vital('LCP', 3000, { blob8: 'picture', blob3: 'DE' }),
    vital('LCP', 5000, { blob2: '/product/:handle', blob5: 'desktop', blob8: 'text' }),
    vital('CLS', 0.05),
    vital('INP', 250),
  ])
  expect(report.vitals.byPage['/']).toEqual({ LCP: { p75: 3000, count: 2 }, CLS: { p75: 0.05, count: 1 }, INP: { p75: 250, count: 1 } })
  expect(report.vitals.byCountry.DE).toEqual({ LCP: { p75: 3000, count: 1 } })
  expect(Object.keys(report.vitals.byDevice).sort()).toEqual(['desktop', 'phone'])
  expect(report.lcpElements).toEqual({ '/': { picture: 2 }, '/product/:handle': { text: 1 } })
  expect(report.distributions.LCP).toMatchObject({ good: 1, needsImprovement: 1, poor: 1, count: 3, p75: 5000 })
  expect(report.distributions.INP).toMatchObject({ good: 0, needsImprovement: 1, poor: 0 })
})

test('the HTML report is one page that fetches and runs nothing, and the text says where the rows came from', () => {
  const report = aggregate([row('page_view'), vital('LCP', 1200, { blob2: '/<script>' })])
  const html = asHtml(report, 'The shop, last 24 h')
  expect(html).toMatch(/^<!doctype html>/)
  expect(html).toContain('<svg')
  expect(html).not.toMatch(/<script|src=|href=|url\(/i)
  expect(html).toContain('/&#60;script&#62;')
  expect(asText(report, 'The shop, last 24 h, from the local stand-in')).toMatch(/^The shop, last 24 h, from the local stand-in\n[\s\S]*page views\s+1\n[\s\S]*LCP/)
})
