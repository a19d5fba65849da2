import { describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID, blanket } from '../../storefront-double/catalog'
import { axeViolations, DESKTOP, expectClean, hydrated, openPage, PHONE, screenshot } from './browser'
import { browser, shop, visit, badge, drawer, useShopInChromium } from './shop-in-chromium'

useShopInChromium()

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
    expect(await line.locator('img').getAttribute('alt')).toBe('The Square Friends blanket spread flat, showing all six animals')

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

  test('checkout opens the hosted checkout in a new tab with channel=online_store, and closes the drawer', async () => {
    const watched = await visit('/', DESKTOP)
    const { page, context } = watched
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await page.getByRole('button', { name: 'One more Square Friends Fleece Blanket' }).click()
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Checkout with Shopify' }).click()])
    await tab.waitForURL(/\/checkouts\/cn\//)
    const url = new URL(tab.url())
    expect(url.origin).toBe(shop.doubleOrigin)
    expect(url.searchParams.get('channel')).toBe('online_store')
    expect(await tab.locator('#total').textContent()).toBe('$76.00')
    // The shop's tab is now in the background, where the close animation waits: ask the dialog.
    await expect.poll(async () => (await drawer(page).count()) === 0 || (await drawer(page).getAttribute('data-state')) === 'closed').toBe(true)
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!)
    expect(stored.checkoutUrl).toBe(tab.url())
    expect(stored.cartId).toMatch(/^gid:\/\/shopify\/Cart\//)
    expectClean(watched)
  })

  // A browser that blocks the tab outright (window.open gives nothing back) goes to the
  // checkout in the shop's own tab. The sheet is open then, with its Back entry: taking that
  // entry back off would cancel the navigation to the checkout.
  test('with pop-ups blocked, checkout goes to the hosted checkout in the same tab, and Back comes back to the shop', async () => {
    const { page, context } = await visit('/', PHONE)
    await page.addInitScript(() => (window.open = () => null))
    await page.reload()
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
    await page.waitForURL(shop.origin + '/')
    await expect.poll(() => badge(page).textContent()).toBe('1')
  })

  test("opening the sheet warms a connection to Shopify's checkout, and no page does before", async () => {
    const { page } = await visit('/product/toddler-blanket', PHONE)
    await hydrated(page)
    const preconnects = () => page.evaluate(() => [...document.querySelectorAll('link[rel="preconnect"]')].map((link) => link.getAttribute('href')))
    expect(await preconnects()).not.toContain(shop.doubleOrigin)
    await page.getByTestId('cart-button').click()
    await drawer(page).waitFor()
    await expect.poll(preconnects).toContain(shop.doubleOrigin)
  })

  test('after the order is paid, coming back to the tab empties the cart; an unpaid cart stays', async () => {
    const watched = await visit('/', DESKTOP)
    const { page, context } = watched
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Checkout with Shopify' }).click()])
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
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!)).toEqual({ items: [], cartId: null, checkoutUrl: null, cartCreatedAt: null })
    expectClean(watched)
  })

  // Shopify also forgets a hosted cart that expired unpaid: that must not cost the shopper the cart.
  test('a hosted cart Shopify no longer has, made days ago, is forgotten and the lines are kept', async () => {
    const twoDaysAgo = Date.now() - 2 * 24 * 60 * 60 * 1000
    const stored = { items: [{ variantId: BLANKET_VARIANT_ID, variantTitle: 'x', quantity: 2, price: { amount: '38.0', currencyCode: 'USD' }, selectedOptions: [], product: { title: 'Square Friends Fleece Blanket', handle: 'toddler-blanket', images: { edges: [] } } }], cartId: 'gid://shopify/Cart/expired-long-ago?key=k1', checkoutUrl: 'https://blanket-shop.myshopify.com/cart/c/expired', cartCreatedAt: twoDaysAgo }
    const watched = await openPage(browser, DESKTOP, (context) => context.addInitScript((cart) => localStorage.getItem('shopify-cart') ?? localStorage.setItem('shopify-cart', cart), JSON.stringify(stored)))
    const { page } = watched
    await page.goto(shop.origin + '/')
    await hydrated(page)
    await expect.poll(() => badge(page).textContent()).toBe('2')
    const asked = shop.double.callsOf('CartStatus').length
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect.poll(() => shop.double.callsOf('CartStatus').length).toBeGreaterThan(asked)
    await expect.poll(async () => JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!).cartId, { timeout: 10_000 }).toBeNull()
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!)).toMatchObject({ items: [{ quantity: 2 }], checkoutUrl: null, cartCreatedAt: null })
    expect(await badge(page).textContent()).toBe('2')
    expectClean(watched)
  })

  test('a failed checkout closes the tab it opened and says so in the shop, where the shopper is', async () => {
    const watched = await visit('/', PHONE)
    const { page, context } = watched
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    shop.double.setFault({ kind: 'status', status: 500 }, 'CartCreate')
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Checkout with Shopify' }).click()])
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
  ] as const)("on a %s the 'Failed to create checkout' toast covers neither the cart's lines nor its buttons", async (_, viewport) => {
    const watched = await visit('/', viewport)
    watched.expected.push(/502/) // the checkout's own answer, which the toast is about
    const { page, context } = watched
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    shop.double.setFault({ kind: 'status', status: 500 }, 'CartCreate')
    const [tab] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: 'Checkout with Shopify' }).click()])
    const toast = page.getByRole('status').filter({ hasText: 'Failed to create checkout' })
    await toast.waitFor()
    await expect.poll(() => tab.isClosed()).toBe(true)
    // Where it ends up: react-hot-toast slides it in.
    let last = ''
    await expect.poll(async () => [last, (last = JSON.stringify(await toast.boundingBox()))][0] === last).toBe(true)
    const box = (await toast.boundingBox())!
    for (const covered of [page.getByText('Shopping Cart'), page.getByTestId('cart-subtitle'), page.getByTestId('cart-line').first(), page.getByTestId('checkout-button'), page.getByRole('button', { name: 'Close cart' }), page.getByTestId('cart-button')]) {
      const other = (await covered.boundingBox())!
      const overlaps = box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height
      expect(overlaps, `the toast ${JSON.stringify(box)} over ${covered} ${JSON.stringify(other)}`).toBe(false)
    }
    await page.screenshot({ path: `test-results/screenshots/checkout-failed-toast-${viewport === PHONE ? 'phone' : 'desktop'}.png` }) // the screen as the shopper sees it
  })

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
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('checkout-button')
  })

  test('Back with the cart sheet open closes the sheet and stays on the page; closed, Back leaves as before', async () => {
    const { page } = await visit('/about', PHONE)
    await page.goto(shop.origin + '/')
    await hydrated(page)
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await drawer(page).waitFor()
    await page.goBack()
    await expect.poll(() => drawer(page).count()).toBe(0)
    expect(new URL(page.url()).pathname).toBe('/')
    expect(await badge(page).textContent()).toBe('1')
    // Opened and closed with its own button: the next Back leaves, as if it had never opened.
    await page.getByTestId('cart-button').click()
    await drawer(page).waitFor()
    await page.getByRole('button', { name: 'Close cart' }).click()
    await expect.poll(() => drawer(page).count()).toBe(0)
    await page.goBack()
    await page.waitForURL(shop.origin + '/about')
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
    expect(await more.evaluate((button) => document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent)).toBe('99 is the most one order can take')
    expectClean(watched)
  })

  // Where a browser will not let the shop close the tab, it is sent here instead.
  test("the checkout tab's failure page looks like the shop and leads back to it", async () => {
    const watched = await openPage(browser, PHONE)
    const tab = watched.page
    await tab.goto(shop.origin + '/to-checkout/failed/')
    expect(await tab.locator('h1').textContent()).toBe('Failed to create checkout')
    expect(await tab.locator('p').textContent()).toBe('Nothing was charged, and your cart is still in the shop. Please try again later.')
    await expect.poll(() => tab.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0) // the logo, under its CSP
    await screenshot(tab, 'checkout-tab-failed-phone')
    await Promise.all([tab.waitForURL(shop.origin + '/'), tab.getByRole('link', { name: 'Back to the shop' }).click()])
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
