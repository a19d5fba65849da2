// A part of the app whose code cannot be fetched (refused here, as a phone's network drops
// a request, or gone, as after a deploy) never takes the page with it: the part keeps the
// server's HTML or says it could not open, buy buttons still buy, and a page from before a
// deploy reloads once for the new code (client/lib/lost-code.ts, lib/deferred-section.tsx).
// Each test provokes the browser's 'Failed to load resource' lines, and only those may show:
// any other console error or uncaught exception fails it (shop-in-chromium.ts).
import type { Page, Route } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { DESKTOP, hydrated, openPage, PHONE, type Watched } from './browser.ts'
import { badge, browser, drawer, shop, setUpShopInChromium } from './shop-in-chromium.ts'

setUpShopInChromium()

type Refusal = 'refused' | 'gone once' | 'gone'

/**
 * Opens `path` with the chunks whose names match `chunks` refused (a dropped request), or
 * gone after a deploy (every time, or only until the page reloads): then they answer 404, and
 * so does the old version's entry when the page asks after it (HEAD). Counts the document's
 * loads, so a test can tell a reload.
 */
async function openWithChunksLost(path: string, chunks: RegExp, how: Refusal = 'refused', viewport = PHONE) {
  let loads = 0
  const lost: string[] = []
  const watched = await openPage(browser, viewport, async (context) => {
    // Each page counts the navigations to another document it asks for itself (a reload for
    // lost code is one; the cart sheet's history entry is not), so that a test reads 'no
    // reload' from the page instead of waiting for one not to come.
    await context.addInitScript(() => {
      const page = window as unknown as { navigationsAsked: number; navigation: EventTarget }
      page.navigationsAsked = 0
      page.navigation.addEventListener('navigate', (event) => {
        if (!(event as Event & { destination: { sameDocument: boolean } }).destination.sameDocument)
          page.navigationsAsked++
      })
      // And notes, for the tab, whether the cart ever said it could not open (read after a reload).
      new MutationObserver(() => {
        if (document.body?.textContent?.includes('The cart could not open'))
          sessionStorage.setItem('test:cart-said-unavailable', 'yes')
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    await context.route(/\/assets\/[\w-]+\.js$/, (route: Route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop()!
      const gone = how !== 'refused' && !(how === 'gone once' && loads > 1)
      if (gone && route.request().method() === 'HEAD') return route.fulfill({ status: 404 })
      if (!chunks.test(name) || (how === 'gone once' && loads > 1)) return route.continue()
      lost.push(name)
      return how === 'refused' ? route.abort() : route.fulfill({ status: 404, body: 'Not Found' })
    })
  })
  // What this test does to the page, and what the browser says of it.
  watched.expected.push(
    /^error: Failed to load resource: (net::ERR_FAILED|the server responded with a status of 404 \(Not Found\)) \(.*\/assets\/[\w-]+\.js\)$/,
    /^warning: Cart effects lost /, // names its chunk, after-hydration, which the watcher takes for React's hydration
  )
  // Documents loaded: a history entry the page adds (the cart sheet's) is no load.
  watched.page.on(
    'request',
    (request) => request.isNavigationRequest() && request.frame() === watched.page.mainFrame() && loads++,
  )
  await watched.page.goto(shop.origin + path)
  await hydrated(watched.page)
  return { ...watched, lost, loads: () => loads }
}

/** Nothing in the page says the app broke, and the page is not blank. */
async function expectPageStands(watched: Watched, heading: string) {
  const { page } = watched
  expect(await page.getByText('Unexpected Application Error!').count()).toBe(0)
  expect(await page.locator('h1').first().textContent()).toContain(heading)
  expect(await page.locator('h1').first().isVisible()).toBe(true)
  expect(await page.getByTestId('cart-button').isVisible()).toBe(true)
}

const LANDING = 'The blanket every little one wants to hug'
const PRODUCT = 'Square Friends Fleece Blanket'

/**
 * The page reloads once for the code it could not fetch, then not again: once the reloaded
 * page has dealt with the same code (`dealtWith`), it has asked for no navigation.
 */
async function reloadedOnce(page: Page, loads: () => number, dealtWith: () => Promise<unknown>) {
  await expect.poll(loads, { timeout: 10_000 }).toBe(2)
  await hydrated(page)
  await dealtWith()
  expect(await page.evaluate(() => (window as unknown as { navigationsAsked: number }).navigationsAsked)).toBe(0)
  expect(loads()).toBe(2)
}

/** The hero carousel's code did not come, and the page has given up on it: its dots are gone (carousel/load.ts). */
const heroGivenUp = (page: Page) => () =>
  expect.poll(() => page.locator('#hero-carousel .splide__pagination__page').count()).toBe(0)

describe('a part whose code cannot load never takes the page with it', () => {
  test("landing: with the carousels' code refused, their first pictures stay, their dots go, Order Now still buys, and nothing reloads", async () => {
    const watched = await openWithChunksLost('/', /Carousel/)
    const { page } = watched
    // A request the network dropped is not a deploy: the server still has this version.
    await heroGivenUp(page)()
    expect(await page.evaluate(() => (window as unknown as { navigationsAsked: number }).navigationsAsked)).toBe(0)
    expect(watched.loads()).toBe(1)
    await page.locator('#lifestyle-carousel').scrollIntoViewIfNeeded()
    await expect
      .poll(() => watched.lost.filter((name) => /HeroCarousel|LifestyleCarousel/.test(name)).length)
      .toBeGreaterThanOrEqual(2)
    await expectPageStands(watched, LANDING)
    for (const carousel of ['#hero-carousel', '#lifestyle-carousel']) {
      await expect
        .poll(() =>
          page
            .locator(`${carousel} img`)
            .first()
            .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0),
        )
        .toBe(true)
      await expect.poll(() => page.locator(`${carousel} .splide__pagination__page`).count()).toBe(0)
    }
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await drawer(page).waitFor()
    expect(await page.getByTestId('cart-subtitle').textContent()).toBe('1 item in your cart')
  })

  test.each([
    ['/', LANDING],
    ['/product/toddler-blanket', PRODUCT],
  ])(
    "%s: with the cart sheet's code refused, the cart button says the cart could not open, and the page stays",
    async (path, heading) => {
      const watched = await openWithChunksLost(path, /CartDrawer/)
      const { page } = watched
      // The server still has this version, so nothing reloads: the cart says it could not open.
      await page.getByTestId('cart-button').click()
      await page.getByText('The cart could not open').first().waitFor()
      await expectPageStands(watched, heading)
      expect(await drawer(page).count()).toBe(0)
      expect(await page.evaluate(() => (window as unknown as { navigationsAsked: number }).navigationsAsked)).toBe(0)
      expect(watched.loads()).toBe(1)
    },
  )

  test("product page: with the cart sheet's code refused, 'Add to Cart' still adds and says so", async () => {
    const watched = await openWithChunksLost('/product/toddler-blanket', /CartDrawer/)
    const { page } = watched
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.getByText('Added to cart!').waitFor()
    await expect.poll(() => badge(page).textContent()).toBe('1')
    await expectPageStands(watched, PRODUCT)
  })

  test.each([
    ['/', LANDING, /CartAnnouncer|after-hydration/],
    ['/product/toddler-blanket', PRODUCT, /CartAnnouncer|after-hydration/],
    ['/', LANDING, /toast-messages/],
  ])('%s (%s): with the chunks %s refused, the page stays and buys', async (path, heading, chunks) => {
    const watched = await openWithChunksLost(path, chunks, 'refused', DESKTOP)
    const { page } = watched
    await page.waitForLoadState('networkidle')
    await hydrated(page)
    await page
      .getByRole('button', { name: path === '/' ? 'Only $38 – Order Now!' : 'Add to Cart' })
      .first()
      .click()
    await expect.poll(() => badge(page).textContent()).toBe('1')
    await expectPageStands(watched, heading)
  })

  test.each([
    ['/', 'Only $38 – Order Now!', /home-page/],
    ['/product/toddler-blanket', 'Add to Cart', /product-page/],
  ])(
    "%s: with the page's own code refused, a buy tap held before it failed buys through the form",
    async (path, button, chunks) => {
      let refuse = () => {}
      const refused = new Promise<void>((resolve) => (refuse = resolve))
      const watched = await openPage(browser, PHONE, (context) =>
        context.route(/\/assets\/[\w-]+\.js$/, async (route) => {
          if (!chunks.test(route.request().url())) return route.continue()
          await refused
          return route.abort()
        }),
      )
      watched.expected.push(/^error: Failed to load resource: net::ERR_FAILED \(.*\/assets\/[\w-]+\.js\)$/)
      const { page } = watched
      await page.goto(shop.origin + path, { waitUntil: 'commit' })
      const buy = page.getByRole('button', { name: button }).first()
      await buy.click()
      await expect.poll(() => buy.getAttribute('aria-busy')).toBe('true')
      await Promise.all([page.waitForURL(/\/checkouts\/cn\/.*channel=online_store/), refuse()])
    },
  )

  test('a page from before a deploy, whose chunks are gone, reloads once and gets the new code', async () => {
    const watched = await openWithChunksLost('/', /HeroCarousel/, 'gone once')
    const { page } = watched
    // The new page's carousel comes alive: its code came this time.
    await reloadedOnce(page, watched.loads, async () => {
      await page.locator('#hero-carousel .splide__pagination__page').nth(2).click()
      await expect.poll(() => page.locator('#hero-carousel.is-initialized').count()).toBe(1)
    })
    await expectPageStands(watched, LANDING)
  })

  test("a page from before a deploy that loses code it loads after hydration (the stored cart's) reloads for the new version, and the cart is kept", async () => {
    const watched = await openWithChunksLost('/', /after-hydration|stored-cart/, 'gone once')
    const { page } = watched
    // The new page has the code this time: the cart is read back and kept saved.
    await reloadedOnce(page, watched.loads, () =>
      expect
        .poll(() =>
          page.evaluate(() =>
            performance.getEntriesByType('resource').some((entry) => /after-hydration/.test(entry.name)),
          ),
        )
        .toBe(true),
    )
    expect(watched.lost.some((name) => /after-hydration|stored-cart/.test(name))).toBe(true)
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await expect.poll(() => badge(page).textContent()).toBe('1')
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('shopify-cart') ?? 'null')?.items?.[0]?.quantity))
      .toBe(1)
    await expectPageStands(watched, LANDING)
  })

  test("a page from before a deploy, with the cart sheet's code gone, reloads when the cart is reached for, with nothing said over it", async () => {
    const watched = await openWithChunksLost('/', /CartDrawer/, 'gone once')
    const { page } = watched
    // The new page is slow to come, as on a phone, so the old one would have time to say something.
    await page.route(`${shop.origin}/`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      await route.continue()
    })
    await page.getByTestId('cart-button').click()
    await reloadedOnce(page, watched.loads, async () => {
      await page.getByTestId('cart-button').click()
      await drawer(page).waitFor()
    })
    expect(await page.evaluate(() => sessionStorage.getItem('test:cart-said-unavailable'))).toBeNull()
  })

  test('a chunk gone for good reloads the page once, never in a loop', async () => {
    const watched = await openWithChunksLost('/', /HeroCarousel/, 'gone')
    const { page } = watched
    await reloadedOnce(page, watched.loads, heroGivenUp(page))
    await expectPageStands(watched, LANDING)
  })
})
