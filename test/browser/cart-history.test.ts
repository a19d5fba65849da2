import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DESKTOP, hydrated, PHONE } from './browser.ts'
import { shop, visit, badge, drawer, setUpShopInChromium } from './shop-in-chromium.ts'

// Back and Forward with the cart sheet: every step of history does something the shopper sees.
setUpShopInChromium()

/** The About page, then the landing page with the sheet opened by an order: the history each test walks. */
async function sheetOpenedAfterAbout() {
  const { page } = await visit('/about', PHONE)
  await page.goto(`${shop.origin}/`)
  await hydrated(page)
  await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
  await drawer(page).waitFor()
  return page
}
const sheetClosed = async (page: Page) => expect.poll(() => drawer(page).count()).toBe(0)

describe('the cart sheet in history', () => {
  // A browser that blocks the tab outright (window.open gives nothing back) goes to the
  // checkout in the shop's own tab, in place of the sheet's Back entry: taking that entry
  // back off would cancel the navigation to the checkout, and leaving it would make a dead
  // step of it once the shopper comes back.
  test('with pop-ups blocked, checkout goes to the hosted checkout in the same tab; Back comes back to the shop, and the next Back leaves it', async () => {
    const { page, context } = await visit('/about', PHONE)
    await page.addInitScript(() => (window.open = () => null))
    await page.goto(`${shop.origin}/`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    let tabs = 0
    context.on('page', () => tabs++)
    await page.getByRole('button', { name: 'Checkout with Shopify' }).click()
    await page.waitForURL(/\/checkouts\/cn\//)
    expect(new URL(page.url()).searchParams.get('channel')).toBe('online_store')
    // The checkout's page is there: the navigation was not taken back before it landed.
    expect(await page.locator('#total').textContent()).toBe('$38.00')
    expect(tabs).toBe(0)
    await page.goBack()
    await page.waitForURL(`${shop.origin}/`)
    await expect.poll(() => badge(page).textContent()).toBe('1')
    await page.goBack()
    await page.waitForURL(`${shop.origin}/about`)
  })

  test('Forward after the sheet was closed opens it again; Back then closes it, and the next Back leaves', async () => {
    const page = await sheetOpenedAfterAbout()
    await page.getByRole('button', { name: 'Close cart' }).click()
    await sheetClosed(page)
    await page.goForward()
    await drawer(page).waitFor()
    expect(await page.getByTestId('cart-subtitle').textContent()).toBe('1 item in your cart')
    await page.goBack()
    await sheetClosed(page)
    expect(new URL(page.url()).pathname).toBe('/')
    await page.goBack()
    await page.waitForURL(`${shop.origin}/about`)
  })

  test('Back with the cart sheet open closes the sheet and stays on the page; closed, Back leaves as before', async () => {
    const page = await sheetOpenedAfterAbout()
    await page.goBack()
    await sheetClosed(page)
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await badge(page).textContent()).toBe('1')
    // Opened and closed with its own button: the next Back leaves, as if it had never opened.
    await page.getByTestId('cart-button').click()
    await drawer(page).waitFor()
    await page.getByRole('button', { name: 'Close cart' }).click()
    await sheetClosed(page)
    await page.goBack()
    await page.waitForURL(`${shop.origin}/about`)
  })

  // Each way the sheet closes takes its history entry back off: Back then leaves, Forward
  // comes back to the page as it was left, the sheet shut, and Forward again onto the sheet's
  // entry opens it (on a page loaded anew, before its drawer code came); Back from it closes it.
  test.each([
    ['its ✕', (page: Page) => page.getByRole('button', { name: 'Close cart' }).click()],
    ['Escape', (page: Page) => page.keyboard.press('Escape')],
    ['Back', (page: Page) => page.goBack()],
    ['a tap outside it', (page: Page) => page.mouse.click(40, 400)],
  ])(
    'closed by %s: Back leaves, Forward returns with the sheet shut, Forward opens it, Back closes it',
    async (_, close) => {
      const { page } = await visit('/about', DESKTOP)
      await page.goto(`${shop.origin}/`)
      await hydrated(page)
      await page.getByTestId('cart-button').click()
      await drawer(page).waitFor()
      await close(page)
      await sheetClosed(page)
      await page.goBack()
      await page.waitForURL(`${shop.origin}/about`)
      await page.goForward()
      await page.waitForURL(`${shop.origin}/`)
      await hydrated(page)
      expect(await drawer(page).count()).toBe(0)
      await page.goForward()
      await drawer(page).waitFor()
      expect(await page.evaluate(() => history.state)).toEqual({ cartSheet: true })
      await page.goBack()
      await sheetClosed(page)
      expect(new URL(page.url()).pathname).toBe('/')
      await page.goBack()
      await page.waitForURL(`${shop.origin}/about`)
    },
  )
})
