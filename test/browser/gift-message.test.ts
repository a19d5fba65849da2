import { expect, test } from 'vitest'
import { screenshot } from './browser.ts'
import { drawer, setUpShopInChromium, shop, visit } from './shop-in-chromium.ts'

// The sheet's gift message (client/components/CartDrawer.tsx): kept with the stored cart,
// sent as the hosted cart's note exactly as typed, never rendered as HTML. The sheet at 200 %
// text, with the gift message and the longest market notes: test/browser/markets.test.ts.
setUpShopInChromium()

const MESSAGE = 'For Noa 🧸 מזל טוב! <script>alert(1)</script> & "love"'

test('a gift message with an emoji, Hebrew and markup reaches cartCreate’s note exactly, and survives a reload', async () => {
  const { page, context } = await visit('/product/toddler-blanket')
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  await page.getByTestId('cart-button').click()
  const field = page.getByLabel('Gift message (optional)')
  // The field takes no more than 250, as POST /checkout does.
  await field.fill('x'.repeat(300))
  expect((await field.inputValue()).length).toBe(250)
  await field.fill(MESSAGE)
  expect(await page.getByText(`${MESSAGE.length}/250`).count()).toBe(1)
  await page.reload()
  await page.getByTestId('cart-button').click()
  expect(await page.getByLabel('Gift message (optional)').inputValue()).toBe(MESSAGE)
  // Nothing of it became markup: no element but the field holds it.
  expect(await drawer(page).locator('script').count()).toBe(0)
  await screenshot(page, 'gift-message-phone')
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Checkout with Shopify' }).click(),
  ])
  await tab.waitForURL(/\/checkouts\/cn\//)
  const [call] = shop.double.callsOf('CartCreate').slice(-1)
  expect((call!.variables as { input: { note?: string } }).input.note).toBe(MESSAGE)
  expect(await tab.locator('#note').textContent()).toBe(MESSAGE)
})

test('no kept page holds the gift message', async () => {
  const { page } = await visit('/')
  await page
    .getByRole('button', { name: /Order Now!/ })
    .first()
    .click()
  await page.getByLabel('Gift message (optional)').fill('Only for this browser')
  for (const path of ['/', '/product/toddler-blanket', '/en-us', '/terms'])
    expect(await (await shop.fetch(path)).text()).not.toContain('Only for this browser')
})
