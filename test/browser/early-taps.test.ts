// A tap on any control before the app is live ends as the same tap does after it
// (client/starter/starter.ts holds it, client/lib/held-taps.ts replays it), and the control
// shows at once that it heard it: a buy tap lands on top of the stored cart, never a trip to
// Shopify's checkout with one blanket, and a second tap while the first is held adds nothing.
import type { Locator, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID } from '../../storefront-double/catalog.ts'
import { DESKTOP, expectClean, hydrated, openPage, PHONE } from './browser.ts'
import { badge, browser, drawer, shop, setUpShopInChromium } from './shop-in-chromium.ts'

setUpShopInChromium()

const TWO_BLANKETS = JSON.stringify({
  items: [
    {
      variantId: BLANKET_VARIANT_ID,
      variantTitle: 'Default Title',
      quantity: 2,
      price: { amount: '38.0', currencyCode: 'USD' },
      selectedOptions: [],
      product: { title: 'Square Friends Fleece Blanket', handle: 'toddler-blanket', images: { edges: [] } },
    },
  ],
  cartId: null,
  checkoutUrl: null,
})

/**
 * A page with 2 blankets stored and every script of the app held back until `release()`.
 * The page notes when the shopper last pressed (`pointerdown`) and when a control first said
 * it heard a tap (`aria-busy`, which its classes draw as pressed): `heardAfter` reads the gap.
 */
async function openWithScriptsHeld(path: string, viewport = PHONE) {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const watched = await openPage(browser, viewport, async (context) => {
    await context.addInitScript(
      (cart) => localStorage.getItem('shopify-cart') ?? localStorage.setItem('shopify-cart', cart),
      TWO_BLANKETS,
    )
    await context.addInitScript(() => {
      const times: TapTimes = {}
      ;(window as unknown as { __taps: TapTimes }).__taps = times
      addEventListener('pointerdown', () => ((times.pressedAt = performance.now()), delete times.heardAt), true)
      new MutationObserver((records) => {
        if (records.some((record) => (record.target as Element).getAttribute('aria-busy') === 'true'))
          times.heardAt ??= performance.now()
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-busy'] })
    })
    await context.route(/\/assets\/[\w-]+\.js$/, async (route) => {
      await released
      await route.continue()
    })
  })
  const checkoutRequests: string[] = []
  watched.page.on('request', (request) => {
    if (request.method() === 'POST' || /\/checkouts\//.test(request.url()))
      checkoutRequests.push(`${request.method()} ${request.url()}`)
  })
  await watched.page.goto(shop.origin + path, { waitUntil: 'commit' })
  return { ...watched, release, checkoutRequests }
}

/** Taps `control` while the app's scripts are held, and says how long it took to show it heard (ms). */
async function tapAndTimeHeard(page: Page, control: Locator): Promise<number> {
  await control.click()
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined() // the tap came before the app
  await expect.poll(() => control.getAttribute('aria-busy')).toBe('true')
  return page.evaluate(() => {
    const { pressedAt, heardAt } = (window as unknown as { __taps: TapTimes }).__taps
    return heardAt! - pressedAt!
  })
}

type TapTimes = { pressedAt?: number; heardAt?: number }

/** The most a tap may wait before its control shows it heard it. */
const HEARD_WITHIN_MS = 150

describe('a buy tap before the app is live', () => {
  test("landing: 'Order Now' tapped while the scripts are held adds one to the stored two and opens the sheet", async () => {
    const watched = await openWithScriptsHeld('/')
    const { page } = watched
    const order = page.getByRole('button', { name: 'Only $38 – Order Now!' }).first()
    await order.waitFor()
    await order.click()
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined() // the tap came before the app
    watched.release()
    await hydrated(page)
    await drawer(page).waitFor()
    await expect.poll(() => badge(page).textContent()).toBe('3')
    await expect.poll(() => page.getByTestId('cart-subtitle').textContent()).toBe('3 items in your cart')
    await expect
      .poll(
        async () => JSON.parse((await page.evaluate(() => localStorage.getItem('shopify-cart')))!).items[0].quantity,
      )
      .toBe(3)
    expect(page.url()).toBe(`${shop.origin}/`)
    expect(watched.checkoutRequests).toEqual([])
    expectClean(watched)
  })

  test("product page: 'Add to Cart' tapped twice while the scripts are held shows it heard at once, adds one and says 'Added to cart!'", async () => {
    const watched = await openWithScriptsHeld('/product/toddler-blanket')
    const { page } = watched
    const add = page.getByRole('button', { name: 'Add to Cart' })
    await add.waitFor()
    expect(await tapAndTimeHeard(page, add)).toBeLessThan(HEARD_WITHIN_MS)
    await add.click() // the same intent, while the first is still held
    watched.release()
    await hydrated(page)
    await page.getByText('Added to cart!').first().waitFor()
    await expect.poll(() => badge(page).textContent()).toBe('3')
    expect(await add.getAttribute('aria-busy')).toBeNull()
    expect(await drawer(page).count()).toBe(0)
    expect(page.url()).toBe(`${shop.origin}/product/toddler-blanket`)
    expect(watched.checkoutRequests).toEqual([])
    // Live now: each tap adds one, as the spec says.
    await add.click()
    await add.click()
    await expect.poll(() => badge(page).textContent()).toBe('5')
    expectClean(watched)
  })

  test("landing: 'Order Now' tapped twice while the scripts are held adds one", async () => {
    const watched = await openWithScriptsHeld('/')
    const { page } = watched
    const order = page.getByRole('button', { name: 'Only $38 – Order Now!' }).first()
    await order.waitFor()
    expect(await tapAndTimeHeard(page, order)).toBeLessThan(HEARD_WITHIN_MS)
    await order.click()
    watched.release()
    await drawer(page).waitFor()
    await expect.poll(() => page.getByTestId('cart-subtitle').textContent()).toBe('3 items in your cart')
    expectClean(watched)
  })

  test('a tap once the app is live is not held: it adds exactly one', async () => {
    const watched = await openWithScriptsHeld('/product/toddler-blanket')
    const { page } = watched
    watched.release()
    await hydrated(page)
    await expect.poll(() => page.getByRole('button', { name: 'Add to Cart' }).getAttribute('data-live')).toBe('')
    await expect.poll(() => badge(page).textContent()).toBe('2')
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await expect.poll(() => badge(page).textContent()).toBe('3')
    expect(await page.evaluate(() => window.__heldTaps?.held.length)).toBe(0)
    expectClean(watched)
  })
})

describe('every control answers from its first paint', () => {
  test('the cart button, tapped before the app is live, shows it heard at once and opens the cart once it is', async () => {
    const watched = await openWithScriptsHeld('/product/toddler-blanket')
    const { page } = watched
    const cart = page.getByTestId('cart-button')
    await cart.waitFor()
    expect(await tapAndTimeHeard(page, cart)).toBeLessThan(HEARD_WITHIN_MS)
    watched.release()
    await drawer(page).waitFor()
    await expect.poll(() => page.getByTestId('cart-subtitle').textContent()).toBe('2 items in your cart')
    expect(await cart.getAttribute('aria-busy')).toBeNull()
    expectClean(watched)
  })

  test("the cart button's pressed look shows under the pointer: its busy colour is not its hover colour", async () => {
    const watched = await openWithScriptsHeld('/product/toddler-blanket', DESKTOP)
    const { page } = watched
    const cart = page.getByTestId('cart-button')
    const colour = () => cart.evaluate((button) => getComputedStyle(button).backgroundColor)
    await cart.hover()
    const hovered = await colour()
    await cart.click()
    expect(await cart.getAttribute('aria-busy')).toBe('true')
    expect(await colour()).not.toBe(hovered)
    watched.release()
    await drawer(page).waitFor()
    expectClean(watched)
  })

  test.each([
    ['the product page', '/product/toddler-blanket', 'product-gallery', /\/blanket-3\.jpg\?/],
    ["the landing page's desktop gallery", '/', 'hero-gallery', /\/blanket-3\.[0-9a-f]{10}-\d+\.(webp|jpg)$/],
  ])(
    'a thumbnail on %s, tapped before the app is live, shows it heard at once and shows its picture once it is',
    async (_, path, gallery, third) => {
      const watched = await openWithScriptsHeld(path, DESKTOP)
      const { page } = watched
      const thumbnail = page.getByTestId(`${gallery}-thumbnails`).getByRole('button').nth(2)
      await thumbnail.waitFor()
      expect(await tapAndTimeHeard(page, thumbnail)).toBeLessThan(HEARD_WITHIN_MS)
      watched.release()
      await hydrated(page)
      await expect.poll(() => thumbnail.getAttribute('aria-pressed')).toBe('true')
      await expect
        .poll(() => page.getByTestId(`${gallery}-image`).evaluate((img: HTMLImageElement) => img.currentSrc))
        .toMatch(third)
      expect(await thumbnail.getAttribute('aria-busy')).toBeNull()
      expectClean(watched)
    },
  )

  test("the phone's carousel dots show from the first paint; one tapped before the app is live shows it heard at once and its picture once it is", async () => {
    const watched = await openWithScriptsHeld('/')
    const { page } = watched
    const dot = page.locator('#hero-carousel .splide__pagination__page').nth(3)
    await dot.waitFor({ state: 'visible' })
    expect(await tapAndTimeHeard(page, dot)).toBeLessThan(HEARD_WITHIN_MS)
    watched.release()
    await expect.poll(() => page.locator('#hero-carousel.is-initialized').count(), { timeout: 6000 }).toBe(1)
    await expect
      .poll(() =>
        page
          .locator('#hero-carousel .splide__pagination__page')
          .evaluateAll((dots) => dots.findIndex((d) => d.classList.contains('is-active'))),
      )
      .toBe(3)
    expectClean(watched)
  })
})
