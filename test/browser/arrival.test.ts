import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  arrival,
  dayRange,
  lastChristmasMoment,
  makersClock,
  type MakerCalendar,
} from '../../client/content/delivery.ts'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'
import { makerCalendar } from '../../src/maker-calendar.ts'
import { hydrated, PHONE, screenshot } from './browser.ts'
import { browser, setUpShopInChromium, shop } from './shop-in-chromium.ts'

// The arrival line beside the price and under the landing's first order button
// (client/components/Arrival.tsx): the kept page says the business days and the cut-off; the
// live page, on the shopper's clock, the dates and the Christmas line, in place, with no
// layout shift, and it says them again when they change while the page is open.
setUpShopInChromium()

let japan: Shop
beforeAll(async () => {
  japan = await startShop({ LOCAL_SHOPPER_COUNTRY: 'JP' })
}, 60_000)
afterAll(() => japan?.dispose())

const MINUTE = 60_000

/** The calendar the page is sent: the Worker's, worked out for now. */
const calendar: MakerCalendar = makerCalendar()
/**
 * The last moment this year an order from Germany still arrives by Christmas Eve: the 2 pm
 * New York cut-off of that day, 8 pm in Berlin. The page's calendar spans last year to next,
 * so the browser's clock may be put on it whatever today is.
 */
const lastForGermany = lastChristmasMoment(
  Date.parse(`${makersClock(Date.now(), calendar).day.slice(0, 4)}-11-16T12:00:00-05:00`),
  'DE',
  calendar,
)!

/** A page in Berlin, its clock at `time`, recording each layout shift from when it is parsed, with what moved. */
async function berlinPageAt(time: number): Promise<{ page: Page; context: BrowserContext }> {
  const context = await browser.newContext({ viewport: PHONE, timezoneId: 'Europe/Berlin' })
  await context.clock.install({ time })
  await context.addInitScript(() => {
    const shifts: string[] = ((window as unknown as { __shifts: string[] }).__shifts = [])
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number
          sources: { node?: Node | null }[]
        })[])
          shifts.push(
            `${entry.value}: ${entry.sources.map((source) => (source.node as Element | null)?.outerHTML?.slice(0, 120) ?? source.node?.textContent).join(' | ')}`,
          )
      }).observe({ type: 'layout-shift' })
    })
  })
  return { page: await context.newPage(), context }
}

const lines = async (page: Page) => [
  await page.getByTestId('arrival-range').first().textContent(),
  await page.getByTestId('arrival-christmas').first().textContent(),
]
/** The layout shifts recorded, what moved in each; from the `from`th on, if given. */
const shifts = async (page: Page, from = 0) =>
  (await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).slice(from)
/** How many shifts are recorded once the ones under way are in: two frames, then a task, for the observer's callback. */
const shiftsSoFar = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((done) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            setTimeout(() => done((window as unknown as { __shifts: string[] }).__shifts.length)),
          ),
        ),
      ),
  )

test.each([
  ['product page', '/en-de/product/toddler-blanket'],
  ['landing page, under its first order button', '/en-de'],
])(
  'the %s, open from five minutes before the last cut-off for Christmas until after it, says what a fresh page says, nothing moving',
  async (name, path) => {
    const served = await (await fetch(`${shop.origin}${path}`)).text()
    expect(served).toContain('data-testid="arrival-range">Arrives in 6–13 business days<')
    expect(served).toContain(
      'data-testid="arrival-christmas">Ordered before 2 pm New York time, it is started that day.<',
    )

    const before = lastForGermany - 5 * MINUTE
    const { page, context } = await berlinPageAt(before)
    await page.goto(`${shop.origin}${path}`)
    await hydrated(page)
    await expect
      .poll(() => lines(page))
      .toEqual([`Arrives ${dayRange(arrival(before, 'DE', calendar))}`, 'Order by 8 pm today for Christmas delivery'])
    // Nothing moved as the page was parsed and went live; the screenshot's own scrolling and
    // full-page resize may move the page (a shift of 0.23 once, under load), so only what moves
    // after it is the clock's.
    expect(await shifts(page)).toEqual([])
    await screenshot(page, `arrival-${name.split(' ')[0]}-before-cutoff-phone`)
    const shot = await shiftsSoFar(page)

    // The cut-off passes while the page is open: its timer says the next words.
    await page.clock.runFor(6 * MINUTE)
    const after = lastForGermany + MINUTE
    const now = [`Arrives ${dayRange(arrival(after, 'DE', calendar))}`, 'Arrives after Christmas']
    await expect.poll(() => lines(page)).toEqual(now)
    expect(now[0]).not.toBe(`Arrives ${dayRange(arrival(before, 'DE', calendar))}`)
    expect(await shifts(page, shot)).toEqual([])

    // A page opened afresh at that moment says the same.
    const fresh = await berlinPageAt(after)
    await fresh.page.goto(`${shop.origin}${path}`)
    await hydrated(fresh.page)
    await expect.poll(() => lines(fresh.page)).toEqual(now)
    await fresh.context.close()
    await context.close()
  },
)

test('a page hidden past the cut-off and shown again says the new words at once', async () => {
  const { page, context } = await berlinPageAt(lastForGermany - 5 * MINUTE)
  await page.goto(`${shop.origin}/en-de/product/toddler-blanket`)
  await hydrated(page)
  await expect.poll(async () => (await lines(page))[1]).toBe('Order by 8 pm today for Christmas delivery')
  // The clock jumps (a phone asleep): no timer has run, and the page is shown again.
  await page.clock.setSystemTime(lastForGermany + 10 * MINUTE)
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')))
  await expect.poll(async () => (await lines(page))[1]).toBe('Arrives after Christmas')
  await context.close()
})

test('a shopper in Japan, where the blanket is not shipped, reads the United States’ dates as a gift’s, and none of Japan’s', async () => {
  const served = await (await fetch(`${japan.origin}/product/toddler-blanket`)).text()
  expect(served).toContain('data-testid="arrival-range">As a gift to the United States: arrives in 5–10 business days<')
  const context = await browser.newContext({ viewport: PHONE, timezoneId: 'Asia/Tokyo' })
  const page = await context.newPage()
  await page.goto(`${japan.origin}/product/toddler-blanket`)
  await hydrated(page)
  const now = Date.now()
  const asGift = `As a gift to the United States: arrives ${dayRange(arrival(now, 'US', calendar))}`
  await expect.poll(async () => (await lines(page))[0]).toBe(asGift)
  expect(await page.locator('main').innerText()).not.toContain(dayRange(arrival(now, 'JP', calendar)))
  await screenshot(page, 'arrival-japan-phone')
  // The structured data names no delivery to Japan either.
  const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(served)![1]!)
  const destinations = data.offers.shippingDetails.flatMap(
    (entry: { shippingDestination: { addressCountry: string }[] }) =>
      entry.shippingDestination.map((destination) => destination.addressCountry),
  )
  expect(destinations).toContain('US')
  expect(destinations).not.toContain('JP')
  await context.close()
})

test('the structured data says the same spans as the page for the United States: 2-5 days made, 3-5 carried', async () => {
  const served = await (await fetch(`${shop.origin}/product/toddler-blanket`)).text()
  const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(served)![1]!)
  const us = data.offers.shippingDetails.find(
    (entry: { shippingDestination: { addressCountry: string }[] }) =>
      entry.shippingDestination[0]!.addressCountry === 'US',
  )
  const { handlingTime, transitTime } = us.deliveryTime
  expect([handlingTime.minValue + transitTime.minValue, handlingTime.maxValue + transitTime.maxValue]).toEqual([5, 10])
})
