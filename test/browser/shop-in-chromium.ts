// What every browser spec file shares: one shop (the built Worker in Miniflare, with the
// Storefront double) and one Chromium per file, and the ways the specs open a page.
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest'
import { appModules, startShop, type Shop } from '../../scripts/harness/shop.ts'
import {
  hydrated,
  launchChromium,
  openPage,
  PHONE,
  unexpectedProblems,
  watchEveryPage,
  type Watched,
} from './browser.ts'

export let shop: Shop
export let browser: Browser

/** Starts the shop (with `vars`) and Chromium for the calling spec file, and stops them after it. */
export function setUpShopInChromium(vars: Record<string, string> = {}) {
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startShop(vars), launchChromium()])
    watchEveryPage(browser)
  })
  // Every test, whatever it checks itself: no console error, uncaught exception or CSP
  // violation in any page it opened, unless it said it provoked that one (`expected`).
  afterEach(() => {
    expect(unexpectedProblems(), 'console errors, page errors or CSP violations in the pages this test opened').toEqual(
      [],
    )
  })
  afterAll(async () => {
    await browser?.close()
    await shop?.dispose()
  })
  beforeEach(() => shop.double.setFault(null))
}

/**
 * Opens `path` and waits for it to hydrate. With `clock`, the page's timers run on
 * Playwright's clock (time flows as usual until a test moves it on with `page.clock.runFor`):
 * a test shows that nothing happens in a span by running the span, not by waiting it out.
 */
export async function visit(path: string, viewport = PHONE, { clock = false } = {}): Promise<Watched> {
  const watched = await openPage(browser, viewport, clock ? (context) => context.clock.install() : undefined)
  const response = await watched.page.goto(shop.origin + path)
  // Chromium reports a page answered with 404 or 503 as a failed load of the page itself:
  // a test that visits one asked for that line, and only that one.
  if (response && response.status() >= 400) expectDocumentStatus(watched, response.status(), response.url())
  await hydrated(watched.page)
  return watched
}

/** Chromium's console line for a document answered with `status`: expected by the test that asked for it. */
export function expectDocumentStatus(watched: Watched, status: number, url: string) {
  const escaped = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  watched.expected.push(
    new RegExp(
      `^error: Failed to load resource: the server responded with a status of ${status} \\([^)]*\\) \\(${escaped}\\)$`,
    ),
  )
}

export const badge = (page: Page) => page.getByTestId('cart-badge')
export const drawer = (page: Page) => page.getByTestId('cart-drawer')

/** Opens `path` on a phone with every chunk the starter does not load held back until `release()`; `clock` as for `visit`. */
export async function openWithDeferredCodeHeld(path: string, { clock = false } = {}) {
  const critical = new Set(appModules(await (await shop.fetch(path)).text()))
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  /** The paths of the chunks held back, and once released, of those the page then fetched. */
  const held: string[] = []
  const served: string[] = []
  const watched = await openPage(browser, PHONE, async (context) => {
    if (clock) await context.clock.install()
    await context.route(/\/assets\/[\w-]+\.js$/, async (route) => {
      const path = new URL(route.request().url()).pathname
      if (!critical.has(path)) {
        held.push(path)
        await released
      }
      await route.continue()
    })
  })
  watched.page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname
    if (held.includes(path)) served.push(path)
  })
  await watched.page.goto(shop.origin + path)
  await hydrated(watched.page)
  return { page: watched.page, release, watched, held, served }
}

/** Opens the cart sheet and checks out: the checkout's tab (the double's), once it shows the checkout. */
export async function checkoutTab(page: Page, context: BrowserContext): Promise<Page> {
  await page.getByTestId('cart-button').click()
  await drawer(page).waitFor()
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Checkout with Shopify' }).click(),
  ])
  await tab.waitForURL(/\/checkouts\/cn\//)
  return tab
}

/** Pays in the checkout's tab, closes it and comes back to the shop's tab, which then asks after its cart. */
export async function payAndComeBack(tab: Page, page: Page) {
  await tab.getByRole('button', { name: 'Pay now' }).click()
  await tab.locator('#paid').waitFor()
  await tab.close()
  await page.bringToFront()
  await page.evaluate(() => window.dispatchEvent(new Event('focus')))
}
