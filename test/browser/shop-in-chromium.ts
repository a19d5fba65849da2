// What every browser spec file shares: one shop (the built Worker in Miniflare, with the
// Storefront double) and one Chromium per file, and the ways the specs open a page.
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { appModules, startShop, type Shop } from '../worker/harness'
import { hydrated, launchChromium, openPage, PHONE, type Watched } from './browser'

export let shop: Shop
export let browser: Browser

/** Starts the shop and Chromium for the calling spec file, and stops them after it. */
export function useShopInChromium() {
  beforeAll(async () => {
    ;[shop, browser] = await Promise.all([startShop(), launchChromium()])
  })
  afterAll(async () => {
    await browser?.close()
    await shop?.dispose()
  })
  beforeEach(() => shop.double.setFault(null))
}

export async function visit(path: string, viewport = PHONE): Promise<Watched> {
  const watched = await openPage(browser, viewport)
  await watched.page.goto(shop.origin + path)
  await hydrated(watched.page)
  return watched
}

export const badge = (page: Page) => page.getByTestId('cart-badge')
export const drawer = (page: Page) => page.getByTestId('cart-drawer')

/** Opens `path` on a phone with every chunk the starter does not load held back until `release()`. */
export async function openWithDeferredCodeHeld(path: string) {
  const critical = new Set(appModules(await (await shop.fetch(path)).text()))
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  /** The paths of the chunks held back, and once released, of those the page then fetched. */
  const held: string[] = []
  const served: string[] = []
  const watched = await openPage(browser, PHONE, (context) =>
    context.route(/\/assets\/[\w-]+\.js$/, async (route) => {
      const path = new URL(route.request().url()).pathname
      if (!critical.has(path)) {
        held.push(path)
        await released
      }
      await route.continue()
    }),
  )
  watched.page.on('requestfinished', (request) => {
    const path = new URL(request.url()).pathname
    if (held.includes(path)) served.push(path)
  })
  await watched.page.goto(shop.origin + path)
  await hydrated(watched.page)
  return { page: watched.page, release, watched, held, served }
}
