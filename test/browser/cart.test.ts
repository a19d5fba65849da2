import { describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { axeViolations, DESKTOP, expectClean, hydrated, PHONE, screenshot } from './browser.ts'
import { visit, badge, drawer, setUpShopInChromium } from './shop-in-chromium.ts'

// The cart sheet: what an order puts in it, what its buttons do, and what survives a reload.
setUpShopInChromium()

describe('the cart', () => {
  test('order from the landing page: badge, drawer, plus, minus, totals, remove, empty state', async () => {
    const watched = await visit('/')
    const { page } = watched
    await expect.poll(() => badge(page).count()).toBe(0)

    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await drawer(page).waitFor()
    expect(await page.getByRole('heading', { name: 'Shopping Cart' }).isVisible()).toBe(true)
    expect(await page.getByTestId('cart-subtitle').textContent()).toBe('1 item in your cart')
    expect(await badge(page).textContent()).toBe('1')
    const line = page.getByTestId('cart-line')
    expect(await line.count()).toBe(1)
    expect(await line.textContent()).toContain('Square Friends Fleece Blanket')
    expect(await line.textContent()).toContain('30" × 40" • Square Friends')
    expect(await page.getByTestId('line-price').textContent()).toBe('$38.00')
    expect(await page.getByTestId('cart-total').textContent()).toBe('$38.00')
    expect(await line.locator('img').getAttribute('alt')).toBe(
      'The Square Friends blanket spread flat, showing all six animals',
    )

    await page.getByRole('button', { name: 'One more Square Friends Fleece Blanket' }).click()
    await expect.poll(() => page.getByTestId('cart-subtitle').textContent()).toBe('2 items in your cart')
    expect(await page.getByTestId('cart-total').textContent()).toBe('$76.00')
    expect(await badge(page).textContent()).toBe('2')
    await expect.poll(() => page.getByTestId('cart-announcer').textContent()).toBe('2 items in your cart')
    await screenshot(page, 'cart-drawer-phone')

    await page.getByRole('button', { name: 'One fewer Square Friends Fleece Blanket' }).click()
    await expect.poll(() => page.getByTestId('line-quantity').textContent()).toBe('1')
    expect(await page.getByTestId('cart-total').textContent()).toBe('$38.00')

    await page.getByRole('button', { name: 'One fewer Square Friends Fleece Blanket' }).click() // to 0: removed
    await page.getByTestId('cart-empty').waitFor()
    expect(await page.getByTestId('cart-subtitle').textContent()).toBe('Your cart is empty')
    expect(await page.getByTestId('checkout-button').isDisabled()).toBe(true)
    expect(await page.getByTestId('cart-total').textContent()).toBe('$0.00')
    expect(await badge(page).count()).toBe(0)

    await page.keyboard.press('Escape')
    await expect.poll(() => drawer(page).count()).toBe(0)

    // Order again and remove with the trash button.
    await page.getByRole('button', { name: 'Snuggles start here!' }).click()
    await page.getByRole('button', { name: 'Remove Square Friends Fleece Blanket from cart' }).click()
    await page.getByTestId('cart-empty').waitFor()
    expect(await axeViolations(page)).toEqual([])
    expectClean(watched)
  })

  test('the cart survives a reload, under the storage key shopify-cart', async () => {
    const { page, problems } = await visit('/', DESKTOP)
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await page.getByRole('button', { name: 'One more Square Friends Fleece Blanket' }).click()
    await expect.poll(() => badge(page).textContent()).toBe('2')
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!)
    expect(stored.items).toHaveLength(1)
    expect(stored.items[0]).toMatchObject({ variantId: BLANKET_VARIANT_ID, quantity: 2 })

    await page.reload()
    await hydrated(page)
    await expect.poll(() => badge(page).textContent()).toBe('2')
    expect(problems).toEqual([])
  })

  test("at 99 the '+' says why it takes no more", async () => {
    const watched = await visit('/', PHONE)
    const { page } = watched
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await drawer(page).waitFor()
    expect(await page.getByTestId('line-limit').count()).toBe(0)
    const items = JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!)
    items.items[0].quantity = 98
    await page.evaluate((cart) => localStorage.setItem('shopify-cart', cart), JSON.stringify(items))
    await page.reload()
    await hydrated(page)
    await page.getByTestId('cart-button').click()
    await page.getByRole('button', { name: /^One more / }).click()
    const more = page.getByRole('button', { name: /^One more / })
    await expect.poll(() => more.isDisabled()).toBe(true)
    expect(await page.getByTestId('line-limit').textContent()).toBe('99 is the most one order can take')
    // Said to a screen reader too, as the button's description.
    expect(
      await more.evaluate(
        (button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
      ),
    ).toBe('99 is the most one order can take')
    expectClean(watched)
  })
})
