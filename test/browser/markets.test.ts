import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { startShop, type Shop } from '../../scripts/harness/shop'
import { axeViolations, hydrated, launchChromium, openPage, screenshot, SIZES, unexpectedProblems, watchEveryPage } from './browser'

// A shopper in Germany and one in Brazil (each shop's LOCAL_SHOPPER_COUNTRY, which the local
// Worker puts in request.cf.country as Cloudflare would): before the tap, the page says whether
// the blanket ships there and what it costs there, moves nothing to say it, and is read out.

let browser: Browser
const shops: Record<string, Shop> = {}
beforeAll(async () => {
  const countries = ['US', 'DE', 'BR'] as const
  const [launched, started] = await Promise.all([launchChromium(), Promise.all(countries.map((country) => startShop({ LOCAL_SHOPPER_COUNTRY: country })))])
  browser = launched
  countries.forEach((country, i) => (shops[country] = started[i]!))
  watchEveryPage(browser)
})
afterEach(() => {
  expect(unexpectedProblems(), 'console errors, page errors or CSP violations in the pages this test opened').toEqual([])
})
afterAll(async () => {
  await browser?.close()
  await Promise.all(Object.values(shops).map((shop) => shop.dispose()))
})

const LINES = { DE: 'Ships to Germany · €35.00 at checkout', BR: 'We don’t ship to Brazil yet' }
const BUTTONS = { '/': 'Only $38 – Order Now!', '/product/toddler-blanket': 'Add to Cart' }

/** Every layout shift the page has had, as the Layout Instability API reports them (CLS's own entries). */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { __shifts: number[] }).__shifts = [])
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

describe.each(Object.entries(LINES))('a shopper in %s', (country, line) => {
  test.each(SIZES.flatMap(([size, viewport]) => Object.entries(BUTTONS).map(([path, button]) => [size, path, viewport, button] as const)))(
    '%s, %s: the line is beside the price before the tap, moves nothing, is read out, and axe is clean',
    async (size, path, viewport, button) => {
      const shop = shops[country]!
      const { page } = await openPage(browser, viewport)
      await watchShifts(page)
      await page.goto(shop.origin + path)
      await hydrated(page)
      // A live region, so a screen reader says it when it comes; in the page's reading order after the button.
      const status = page.getByRole('status').filter({ hasText: line })
      await status.waitFor()
      expect(await status.isVisible()).toBe(true)
      const [buttonBox, lineBox] = await Promise.all([page.getByRole('button', { name: button }).first().boundingBox(), status.boundingBox()])
      expect(lineBox!.y).toBeGreaterThan(buttonBox!.y + buttonBox!.height)
      expect(lineBox!.y - (buttonBox!.y + buttonBox!.height)).toBeLessThan(80)
      // It lies over empty space: no text, picture or control of the page is under any of its corners.
      const covered = await status.evaluate((element) => {
        const box = element.getBoundingClientRect()
        const corners = [
          [box.left + 1, box.top + 1],
          [box.right - 1, box.top + 1],
          [box.left + 1, box.bottom - 1],
          [box.right - 1, box.bottom - 1],
        ]
        const content = (other: Element) => ['IMG', 'BUTTON', 'A', 'SUMMARY', 'INPUT'].includes(other.tagName) || [...other.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim())
        return corners.flatMap(([x, y]) => document.elementsFromPoint(x!, y!).filter((other) => other !== element && !element.contains(other) && content(other)).map((other) => other.outerHTML.slice(0, 80)))
      })
      expect(covered).toEqual([])
      expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([])
      expect(await axeViolations(page)).toEqual([])
      // Every spec string stays word for word beside it.
      expect(await page.getByRole('button', { name: button }).count()).toBeGreaterThan(0)
      await screenshot(page, `market-${country}-${path === '/' ? 'landing' : 'product'}-${size}`)
    },
  )
})

test('a shopper in the United States, the primary market, is told nothing more: the page is as the spec has it', async () => {
  const { page } = await openPage(browser, SIZES[0]![1])
  const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/market')
  await page.goto(shops.US!.origin + '/')
  await hydrated(page)
  expect(await (await answered).json()).toEqual({ kind: 'primary' })
  // Both lines have taken the answer, and say nothing.
  await expect.poll(() => page.locator('[data-testid="market-line"][data-answered="true"]').count()).toBe(2)
  expect(await page.getByTestId('market-line').allTextContents()).toEqual(['', ''])
  expect(await page.getByRole('button', { name: 'Only $38 – Order Now!' }).count()).toBe(2)
  expect(await page.getByText('yes, shipping is included').count()).toBe(2)
})

test('a shopper in Germany checks out in euros, as the line promised', async () => {
  const shop = shops.DE!
  const { page, context } = await openPage(browser, SIZES[0]![1])
  await page.goto(shop.origin + '/')
  await hydrated(page)
  await page.getByRole('status').filter({ hasText: LINES.DE }).waitFor()
  await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
  const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Checkout with Shopify' }).click()])
  await tab.waitForURL(/\/checkouts\/cn\//)
  expect(await tab.locator('#total').textContent()).toBe('€35.00')
  expect(await tab.locator('#currency').textContent()).toBe('EUR')
  expect(shop.double.callsOf('CartCreate').at(-1)!.variables).toMatchObject({ input: { buyerIdentity: { countryCode: 'DE' } }, country: 'DE' })
})

test('when the line’s code cannot be fetched (a dropped request, a deploy since the page opened), the page’s own words stand and it still sells', async () => {
  const watched = await openPage(browser, SIZES[0]![1], (context) => context.route(/\/assets\/market-words-[\w-]+\.js$/, (route) => route.abort()))
  watched.expected.push(/^error: Failed to load resource: net::ERR_FAILED/)
  const { page } = watched
  await page.goto(shops.DE!.origin + '/')
  await hydrated(page)
  await expect.poll(() => watched.consoleLines.some((line) => line.startsWith('warning: Code lost; no market line'))).toBe(true)
  expect(await page.getByTestId('market-line').first().textContent()).toBe('')
  await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
  await expect.poll(() => page.getByTestId('cart-badge').textContent()).toBe('1')
})
