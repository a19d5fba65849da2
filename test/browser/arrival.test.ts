import { expect, test } from 'vitest'
import { hydrated, openPage, PHONE, screenshot } from './browser.ts'
import { browser, setUpShopInChromium, shop } from './shop-in-chromium.ts'

// The arrival line beside the price and the landing's first order button (client/components/Arrival.tsx): the kept page says the
// business days; the live page, on the shopper's clock, the dates and the Christmas line, in
// place, with no layout shift; both agree with the structured data's deliveryTime.
setUpShopInChromium()

/** Friday 4 December 2026, 10 am in New York: before the day's cut-off. */
const FRIDAY_MORNING = new Date('2026-12-04T10:00:00-05:00')

test.each([
  ['product page', '/product/toddler-blanket'],
  ['landing page, under its first order button', '/'],
])(
  'the %s says when it arrives: the business days as served, then the dates and the Christmas line, nothing moving',
  async (name, path) => {
    const { page } = await openPage(browser, PHONE, async (context) => {
      await context.clock.install({ time: FRIDAY_MORNING })
      // Shifts from when the page is parsed (the served words in place; every script, and so
      // the live dates, still to come), each with what moved, so a failure says what it was.
      // While it streams, the skeleton giving way to the product is pictures.test.ts's.
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
    })
    const served = await (await fetch(`${shop.origin}${path}`)).text()
    expect(served).toContain('data-testid="arrival-range">Arrives in 5–10 business days<')
    await page.goto(`${shop.origin}${path}`)
    await hydrated(page)
    // Made from that Friday in 2-5 business days, carried in the US's 3-5: the 5th and 10th
    // working days after it, Dec 11 and Dec 18; an order still arrives by the 24th until Dec 10.
    await expect.poll(() => page.getByTestId('arrival-range').textContent()).toBe('Arrives Dec 11–18')
    expect(await page.getByTestId('arrival-christmas').textContent()).toBe('Order by Dec 10 for Christmas delivery')
    expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([])
    await screenshot(page, `arrival-${name.split(' ')[0]}-phone`)

    // The structured data says the same spans for the US: 2-5 days made, 3-5 carried.
    const data = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(served)![1]!)
    const us = data.offers.shippingDetails.find(
      (entry: { shippingDestination: { addressCountry: string }[] }) =>
        entry.shippingDestination[0]!.addressCountry === 'US',
    )
    const { handlingTime, transitTime } = us.deliveryTime
    expect([handlingTime.minValue + transitTime.minValue, handlingTime.maxValue + transitTime.maxValue]).toEqual([
      5, 10,
    ])
  },
)
