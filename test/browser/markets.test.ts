import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'
import {
  axeViolations,
  hydrated,
  launchChromium,
  openPage,
  screenshot,
  SIZES,
  unexpectedProblems,
  watchEveryPage,
} from './browser.ts'

// Shoppers in six countries (each shop's LOCAL_SHOPPER_COUNTRY, which the local Worker puts in
// request.cf.country as Cloudflare would), at the unprefixed addresses everyone shares: every
// price they are shown, from the first paint, with JavaScript or without, is what the checkout
// then charges, in its currency.

/** What the double's checkout charges for one blanket in each country (storefront-double/catalog.ts). */
const CHECKOUT = {
  US: { total: '$38.00', currency: 'USD', note: null },
  CA: { total: 'CA$52.00', currency: 'CAD', note: 'Ships to Canada.' },
  DE: { total: '€35.00', currency: 'EUR', note: 'Ships to Germany.' },
  GB: { total: '£30.00', currency: 'GBP', note: 'Ships to United Kingdom.' },
  // No market of its own: the store's dollars, and not shipped to.
  JP: { total: '$38.00', currency: 'USD', note: 'We don’t ship to Japan yet.' },
  BR: { total: '$38.00', currency: 'USD', note: 'We don’t ship to Brazil yet.' },
} as const
type Country = keyof typeof CHECKOUT
/** A price as a shopper reads it: its currency's symbol and its amount. */
const PRICE = /(CA\$|A\$|€|£|\$)(\d+(?:\.\d\d)?)/g
const SYMBOL: Record<string, string> = { $: 'USD', CA$: 'CAD', A$: 'AUD', '€': 'EUR', '£': 'GBP' }

let browser: Browser
const shops = {} as Record<Country, Shop>
beforeAll(async () => {
  const countries = Object.keys(CHECKOUT) as Country[]
  const [launched, started] = await Promise.all([
    launchChromium(),
    Promise.all(countries.map((country) => startShop({ LOCAL_SHOPPER_COUNTRY: country }))),
  ])
  browser = launched
  countries.forEach((country, i) => (shops[country] = started[i]!))
  watchEveryPage(browser)
})
afterEach(() => {
  expect(unexpectedProblems(), 'console errors, page errors or CSP violations in the pages this test opened').toEqual(
    [],
  )
})
afterAll(async () => {
  await browser?.close()
  await Promise.all(Object.values(shops).map((shop) => shop.dispose()))
})

/** Every price written in `text`, as [currency, amount]. */
const pricesIn = (text: string) =>
  [...text.replaceAll('\u00a0', ' ').matchAll(PRICE)].map(
    ([, symbol, amount]) => [SYMBOL[symbol!], Number(amount)] as const,
  )

/** Every layout shift the page has had, as the Layout Instability API reports them (CLS's own entries). */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const shifts: number[] = ((window as unknown as { __shifts: number[] }).__shifts = [])
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value)
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** Holds the page's scripts until released: what is painted meanwhile is the server's page, its first paint. */
async function holdScripts(context: BrowserContext) {
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await context.route(/\/assets\/.*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  return release
}

const expectCheckoutPrices = (country: Country, prices: (readonly [string | undefined, number])[]) => {
  const { total, currency } = CHECKOUT[country]
  expect(prices.length).toBeGreaterThan(0)
  expect(new Set(prices.map(([code, amount]) => `${code} ${amount}`))).toEqual(
    new Set([`${currency} ${Number(total.replace(/[^\d.]/g, ''))}`]),
  )
}

describe.each(Object.keys(CHECKOUT) as Country[])('a shopper in %s', (country) => {
  test.each(SIZES)(
    '%s: every price from the first paint is the checkout’s, the sheet’s total is the checkout’s, CLS 0, axe clean',
    async (size, viewport) => {
      const shop = shops[country]
      const { page, context } = await openPage(browser, viewport)
      const release = await holdScripts(context)
      await watchShifts(page)
      const served = await (await fetch(`${shop.origin}/`)).text()
      expectCheckoutPrices(
        country,
        pricesIn(
          served
            .replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<head>[\s\S]*?<\/head>/g, '')
            .replace(/<[^>]+>/g, ' '),
        ),
      )
      await page.goto(`${shop.origin}/`, { waitUntil: 'domcontentloaded' })
      // The first paint: the server's page, its scripts not yet run.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
      await screenshot(page, `market-${country}-first-paint-${size}`)
      expectCheckoutPrices(country, pricesIn(await page.locator('body').innerText()))
      const note = CHECKOUT[country].note
      if (note) expect(await page.getByTestId('market-note').first().innerText()).toContain(note)
      else expect(await page.getByTestId('market-note').count()).toBe(0)
      release()
      await hydrated(page)
      expectCheckoutPrices(country, pricesIn(await page.locator('body').innerText()))
      expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([])
      expect(await axeViolations(page)).toEqual([])

      // The empty sheet is totalled in the market's currency too.
      await page.getByTestId('cart-button').click()
      await page.getByTestId('cart-drawer').waitFor()
      expect(await page.getByTestId('cart-total').textContent()).toBe(
        CHECKOUT[country].total.replace(/[\d.]+$/, '0.00'),
      )
      await page.keyboard.press('Escape')
      await page.getByTestId('cart-drawer').waitFor({ state: 'hidden' })
      await page
        .getByRole('button', { name: /Order Now!/ })
        .first()
        .click()
      const sheet = page.getByTestId('cart-drawer')
      await sheet.waitFor()
      expect(await page.getByTestId('cart-total').textContent()).toBe(CHECKOUT[country].total)
      expectCheckoutPrices(country, pricesIn(await sheet.innerText()))
      if (note) expect(await page.getByTestId('cart-market-note').innerText()).toContain(note)
      await screenshot(page, `market-${country}-sheet-${size}`)
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'Checkout with Shopify' }).click(),
      ])
      await tab.waitForURL(/\/checkouts\/cn\//)
      expect(await tab.locator('#total').textContent()).toBe(CHECKOUT[country].total)
      expect(await tab.locator('#currency').textContent()).toBe(CHECKOUT[country].currency)
    },
  )

  test('without JavaScript: the product page’s prices are the checkout’s, and its button opens that checkout', async () => {
    const shop = shops[country]
    const context = await browser.newContext({ viewport: SIZES[0]![1], javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${shop.origin}/product/toddler-blanket`)
    expectCheckoutPrices(country, pricesIn(await page.locator('body').innerText()))
    await Promise.all([page.waitForURL(/\/checkouts\/cn\//), page.getByRole('button', { name: 'Add to Cart' }).click()])
    expect(await page.locator('#total').textContent()).toBe(CHECKOUT[country].total)
    await context.close()
  })
})

test('the market’s words hold their place at 320 px with text at 200 %: nothing they say overlaps what follows', async () => {
  for (const [country, path] of [
    ['GB', '/product/toddler-blanket'],
    ['JP', '/'],
    ['JP', '/product/toddler-blanket'],
  ] as const) {
    const { page } = await openPage(browser, { width: 320, height: 640 })
    await page.goto(shops[country].origin + path)
    await hydrated(page)
    // A larger text size, as a phone's settings give it: the page's sizes are in rem.
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'))
    const overlaps = await page.getByTestId('market-note').evaluateAll((notes) =>
      notes.flatMap((note) => {
        const box = note.getBoundingClientRect()
        // The first element drawn after it in the page's order (not its own, nor a wrapper of it).
        const next = [...document.querySelectorAll('body *')].find(
          (other) =>
            note.compareDocumentPosition(other) & Node.DOCUMENT_POSITION_FOLLOWING &&
            !note.contains(other) &&
            !other.contains(note) &&
            other.getBoundingClientRect().height > 0,
        )
        const below = next?.getBoundingClientRect()
        if (!below) return ['nothing follows the note']
        return below.top < box.bottom - 0.5
          ? [`${note.textContent} ends at ${box.bottom}, ${next!.tagName} starts at ${below.top}`]
          : []
      }),
    )
    expect(overlaps).toEqual([])
    await screenshot(page, `market-${country}-${path === '/' ? 'landing' : 'product'}-320-200pc`)
  }
})

test('the sheet at 320 px with text at 200 %, with the longest notes and a gift message: one region scrolls to the last line’s remove button and to Checkout with Shopify', async () => {
  for (const country of ['JP', 'BR'] as const) {
    const { page } = await openPage(browser, { width: 320, height: 640 })
    await page.goto(`${shops[country].origin}/product/toddler-blanket`)
    await hydrated(page)
    await page.evaluate(() => (document.documentElement.style.fontSize = '200%'))
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.getByTestId('cart-button').click()
    await page.getByLabel('Gift message (optional)').fill('Happy first Christmas, little one')
    expect(await page.getByTestId('cart-market-note').innerText()).toContain(CHECKOUT[country].note)
    const region = page.getByTestId('cart-scroll')
    // Up and down only: nothing is pushed out sideways.
    expect(
      await region.evaluate(
        (element) => element.scrollHeight > element.clientHeight && element.scrollWidth <= element.clientWidth,
      ),
    ).toBe(true)
    for (const name of ['Remove Square Friends Fleece Blanket from cart', 'Checkout with Shopify']) {
      const control = page.getByRole('button', { name })
      await control.scrollIntoViewIfNeeded()
      // On screen, and the element a tap there lands on.
      const reachable = await control.evaluate((button) => {
        const box = button.getBoundingClientRect()
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        return box.height > 0 && box.top >= 0 && box.bottom <= innerHeight && (hit === button || button.contains(hit))
      })
      expect(reachable, `${country}: ${name}`).toBe(true)
    }
    await screenshot(page, `market-${country}-sheet-320-200pc`)
    await page.getByRole('button', { name: 'Remove Square Friends Fleece Blanket from cart' }).click()
    expect(await page.getByTestId('cart-empty').count()).toBe(1)
  }
})
