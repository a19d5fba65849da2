import { describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { DESKTOP, expectClean, hydrated, openPage, PHONE, screenshot } from './browser.ts'
import { browser, shop, visit, badge, drawer, setUpShopInChromium } from './shop-in-chromium.ts'

// 'Checkout with Shopify': the hosted checkout in its own tab, its failures, and the cart
// once the order is paid or Shopify has forgotten it.
setUpShopInChromium()

describe('the checkout', () => {
  test('checkout opens the hosted checkout in a new tab with channel=online_store, and closes the drawer', async () => {
    const watched = await visit('/', DESKTOP)
    const { page, context } = watched
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await page.getByRole('button', { name: 'One more Square Friends Fleece Blanket' }).click()
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Checkout with Shopify' }).click(),
    ])
    await tab.waitForURL(/\/checkouts\/cn\//)
    const url = new URL(tab.url())
    expect(url.origin).toBe(shop.doubleOrigin)
    expect(url.searchParams.get('channel')).toBe('online_store')
    expect(await tab.locator('#total').textContent()).toBe('$76.00')
    // The shop's tab is now in the background, where the close animation waits: ask the dialog.
    await expect
      .poll(
        async () => (await drawer(page).count()) === 0 || (await drawer(page).getAttribute('data-state')) === 'closed',
      )
      .toBe(true)
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!)
    expect(stored.checkoutUrl).toBe(tab.url())
    expect(stored.cartId).toMatch(/^gid:\/\/shopify\/Cart\//)
    expectClean(watched)
  })

  // vaul starts a drag on every press in the sheet (a React render, a forced layout and a
  // pointer capture at the press, another render at the lift), and the tap to checkout waited
  // behind both. The checkout button is marked data-vaul-no-drag, and the patch in
  // patches/vaul+1.1.2.patch keeps such a press from starting one (vaul issue #288).
  test("a press on 'Checkout with Shopify' starts no drag of the sheet; a press elsewhere in it still does", async () => {
    const { page } = await visit('/product/toddler-blanket', PHONE)
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.getByTestId('cart-button').click()
    // Slid all the way in, so that a press lands where the sheet's parts are drawn.
    await expect
      .poll(() =>
        drawer(page).evaluate(
          (sheet) =>
            sheet.getAnimations().length === 0 && Math.round(sheet.getBoundingClientRect().right) === innerWidth,
        ),
      )
      .toBe(true)
    await page.evaluate(() => {
      const w = window as unknown as { captured: string[] }
      w.captured = []
      document.addEventListener(
        'gotpointercapture',
        (event) =>
          w.captured.push((event.target as HTMLElement).dataset.testid ?? (event.target as HTMLElement).tagName),
        true,
      )
    })
    const captured = () => page.evaluate(() => (window as unknown as { captured: string[] }).captured)
    const centre = async (testId: string) => {
      const box = (await page.getByTestId(testId).boundingBox())!
      return [box.x + box.width / 2, box.y + box.height / 2] as const
    }
    // Elsewhere first: the sheet still follows a finger from its body, so it can be swiped away.
    await page.mouse.move(...(await centre('cart-total')))
    await page.mouse.down()
    await page.mouse.up()
    await expect.poll(captured).toEqual(['cart-total'])
    // Pressed, and lifted off it: no click, so no checkout, only the press is looked at.
    await page.mouse.move(...(await centre('checkout-button')))
    await page.mouse.down()
    // The press's own events have been handled once this answers (a second task after them).
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)))
    await page.mouse.move(...(await centre('cart-total')))
    await page.mouse.up()
    expect(await captured()).toEqual(['cart-total'])
  })

  test("opening the sheet warms a connection to Shopify's checkout, and no page does before", async () => {
    const { page } = await visit('/product/toddler-blanket', PHONE)
    await hydrated(page)
    const preconnects = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('link[rel="preconnect"]')].map((link) => link.getAttribute('href')),
      )
    expect(await preconnects()).not.toContain(shop.doubleOrigin)
    await page.getByTestId('cart-button').click()
    await drawer(page).waitFor()
    await expect.poll(preconnects).toContain(shop.doubleOrigin)
  })

  test('after the order is paid, coming back to the tab empties the cart; an unpaid cart stays', async () => {
    const watched = await visit('/', DESKTOP)
    const { page, context } = watched
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Checkout with Shopify' }).click(),
    ])
    await tab.waitForURL(/\/checkouts\/cn\//)
    const cartId = JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!).cartId as string

    // Back without paying: the cart is still there.
    await page.bringToFront()
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect.poll(() => shop.double.callsOf('CartStatus').length).toBeGreaterThan(0)
    expect(await badge(page).textContent()).toBe('1')

    // Paid on the hosted checkout, then back to the shop's tab.
    shop.double.completeCart(cartId)
    await tab.close()
    await page.bringToFront()
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    // The Worker asks Shopify, which a busy machine can make slower than the suite's poll.
    await expect.poll(() => badge(page).count(), { timeout: 10_000 }).toBe(0)
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!)).toEqual({
      items: [],
      cartId: null,
      checkoutUrl: null,
      cartCreatedAt: null,
      giftMessage: '',
    })
    expectClean(watched)
  })

  // Shopify also forgets a hosted cart that expired unpaid: that must not cost the shopper the cart.
  test('a hosted cart Shopify no longer has, made days ago, is forgotten and the lines are kept', async () => {
    const twoDaysAgo = Date.now() - 2 * 24 * 60 * 60 * 1000
    const stored = {
      items: [
        {
          variantId: BLANKET_VARIANT_ID,
          variantTitle: 'x',
          quantity: 2,
          price: { amount: '38.0', currencyCode: 'USD' },
          selectedOptions: [],
          product: { title: 'Square Friends Fleece Blanket', handle: 'toddler-blanket', images: { edges: [] } },
        },
      ],
      cartId: 'gid://shopify/Cart/expired-long-ago?key=k1',
      checkoutUrl: 'https://blanket-shop.myshopify.com/cart/c/expired',
      cartCreatedAt: twoDaysAgo,
    }
    const watched = await openPage(browser, DESKTOP, (context) =>
      context.addInitScript(
        (cart) => localStorage.getItem('shopify-cart') ?? localStorage.setItem('shopify-cart', cart),
        JSON.stringify(stored),
      ),
    )
    const { page } = watched
    await page.goto(`${shop.origin}/`)
    await hydrated(page)
    await expect.poll(() => badge(page).textContent()).toBe('2')
    const asked = shop.double.callsOf('CartStatus').length
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect.poll(() => shop.double.callsOf('CartStatus').length).toBeGreaterThan(asked)
    await expect
      .poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!).cartId, {
        timeout: 10_000,
      })
      .toBeNull()
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!)).toMatchObject({
      items: [{ quantity: 2 }],
      checkoutUrl: null,
      cartCreatedAt: null,
    })
    expect(await badge(page).textContent()).toBe('2')
    expectClean(watched)
  })

  test('a failed checkout closes the tab it opened and says so in the shop, where the shopper is', async () => {
    const watched = await visit('/', PHONE)
    const { page, context } = watched
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    shop.double.setFault({ kind: 'status', status: 500 }, 'CartCreate')
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: 'Checkout with Shopify' }).click(),
    ])
    await page.getByText('Failed to create checkout').waitFor()
    expect(await page.getByText('Please try again later.').isVisible()).toBe(true)
    await expect.poll(() => tab.isClosed()).toBe(true)
    expect(context.pages()).toEqual([page])
    expect(await drawer(page).isVisible()).toBe(true) // still there to try again
    expect(await page.getByTestId('checkout-button').textContent()).toBe('Checkout with Shopify')
    await screenshot(page, 'checkout-failed-phone')
    watched.expected.push(/502/) // the checkout's own answer, which the toast is about
  })

  test.each([
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const)(
    "on a %s the 'Failed to create checkout' toast covers neither the cart's lines nor its buttons",
    async (_, viewport) => {
      const watched = await visit('/', viewport)
      watched.expected.push(/502/) // the checkout's own answer, which the toast is about
      const { page, context } = watched
      await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
      shop.double.setFault({ kind: 'status', status: 500 }, 'CartCreate')
      const [tab] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'Checkout with Shopify' }).click(),
      ])
      const toast = page.getByRole('status').filter({ hasText: 'Failed to create checkout' })
      await toast.waitFor()
      await expect.poll(() => tab.isClosed()).toBe(true)
      // Where it ends up: react-hot-toast slides it in.
      let last = ''
      await expect.poll(async () => [last, (last = JSON.stringify(await toast.boundingBox()))][0] === last).toBe(true)
      const box = (await toast.boundingBox())!
      for (const covered of [
        page.getByText('Shopping Cart'),
        page.getByTestId('cart-subtitle'),
        page.getByTestId('cart-line').first(),
        page.getByTestId('checkout-button'),
        page.getByRole('button', { name: 'Close cart' }),
        page.getByTestId('cart-button'),
      ]) {
        const other = (await covered.boundingBox())!
        const overlaps =
          box.x < other.x + other.width &&
          other.x < box.x + box.width &&
          box.y < other.y + other.height &&
          other.y < box.y + box.height
        expect(overlaps, `the toast ${JSON.stringify(box)} over ${covered} ${JSON.stringify(other)}`).toBe(false)
      }
      await page.screenshot({
        path: `test-results/screenshots/checkout-failed-toast-${viewport === PHONE ? 'phone' : 'desktop'}.png`,
      }) // the screen as the shopper sees it
    },
  )

  test('after a failed checkout the keyboard is still on the checkout button, to try again', async () => {
    const watched = await visit('/', DESKTOP)
    watched.expected.push(/502/)
    const { page, context } = watched
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    shop.double.setFault({ kind: 'status', status: 500 }, 'CartCreate')
    const button = page.getByTestId('checkout-button')
    await button.focus()
    const [tab] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')])
    await page.getByText('Failed to create checkout').waitFor()
    await expect.poll(() => tab.isClosed()).toBe(true)
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('checkout-button')
  })

  // Where a browser will not let the shop close the tab, it is sent here instead.
  test("the checkout tab's failure page looks like the shop and leads back to it", async () => {
    const watched = await openPage(browser, PHONE)
    const tab = watched.page
    await tab.goto(`${shop.origin}/to-checkout/failed/`)
    expect(await tab.locator('h1').textContent()).toBe('Failed to create checkout')
    expect(await tab.locator('p').textContent()).toBe(
      'Nothing was charged, and your cart is still in the shop. Please try again later.',
    )
    await expect
      .poll(() => tab.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0) // the logo, under its CSP
    await screenshot(tab, 'checkout-tab-failed-phone')
    await Promise.all([tab.waitForURL(`${shop.origin}/`), tab.getByRole('link', { name: 'Back to the shop' }).click()])
    expectClean(watched)
  })

  test('"Creating Checkout..." with a spinner while the cart is created, the button disabled: a second tap makes no second cart', async () => {
    const { page, context } = await visit('/', DESKTOP)
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    const release = shop.double.hold()
    const carts = shop.double.callsOf('CartCreate').length
    const tabOpened = context.waitForEvent('page')
    await page.getByRole('button', { name: 'Checkout with Shopify' }).click()
    const button = page.getByTestId('checkout-button')
    await expect.poll(() => button.textContent()).toBe('Creating Checkout...')
    expect(await button.getAttribute('aria-disabled')).toBe('true')
    expect(await button.locator('svg.animate-spin').count()).toBe(1)
    await button.click({ force: true }) // a second tap: Playwright itself would wait for aria-disabled to go
    // Meanwhile the new tab is a page of ours saying where it is going, not a blank one.
    const tab = await tabOpened
    await expect.poll(() => tab.locator('body').textContent()).toBe('Taking you to checkout…')
    expect(await tab.title()).toBe('Taking you to checkout…')
    release()
    await (await tabOpened).waitForURL(/\/checkouts\/cn\//)
    expect(shop.double.callsOf('CartCreate').length).toBe(carts + 1)
    expect(context.pages()).toHaveLength(2)
  })
})
