import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DESKTOP } from './browser.ts'
import { visit, drawer, setUpShopInChromium } from './shop-in-chromium.ts'

setUpShopInChromium()

describe('a keyboard-only shopper', () => {
  test('can order, adjust and reach checkout without a mouse; Esc closes the cart', async () => {
    const { page, context } = await visit('/', DESKTOP)
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().focus()
    await page.keyboard.press('Enter')
    await drawer(page).waitFor()
    // Focus is inside the drawer and stays there.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => !!document.activeElement?.closest('[data-testid="cart-drawer"]'))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect.poll(() => drawer(page).count()).toBe(0)

    await page.getByTestId('cart-button').focus()
    await page.keyboard.press('Enter')
    await drawer(page).waitFor()
    await page.getByTestId('checkout-button').focus()
    const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')])
    await tab.waitForURL(/channel=online_store/)
  })
})

describe('focus returns to whatever opened the cart', () => {
  const openers: [string, (page: Page) => ReturnType<Page['getByRole']>][] = [
    ['the first Order button', (page) => page.getByRole('button', { name: 'Only $38 – Order Now!' }).first()],
    ['the last Order button', (page) => page.getByRole('button', { name: 'Only $38 – Order Now!' }).last()],
    ['the cart button', (page) => page.getByTestId('cart-button')],
  ]
  const closers: [string, (page: Page) => Promise<void>][] = [
    ['Escape', (page) => page.keyboard.press('Escape')],
    ['the close button', (page) => page.getByRole('button', { name: 'Close cart' }).click()],
  ]
  for (const [opener, find] of openers) {
    for (const [closer, close] of closers) {
      test(`${opener}, closed with ${closer}`, async () => {
        const { page, context } = await visit('/')
        const button = find(page)
        await button.click()
        await drawer(page).waitFor()
        await close(page)
        await expect.poll(() => drawer(page).count()).toBe(0)
        await expect.poll(() => button.evaluate((element) => element === document.activeElement)).toBe(true)
        await context.close()
      })
    }
  }
})
