import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { axeViolations, DESKTOP, expectClean, hydrated, openPage, PHONE } from './browser.ts'
import { shop, browser, visit, openWithDeferredCodeHeld, setUpShopInChromium } from './shop-in-chromium.ts'

setUpShopInChromium()

describe('carousels', () => {
  // Splide mounts when a carousel's first move is due, its interval (3000 ms for the hero)
  // after it comes on screen once the page is live, or when the shopper reaches for it
  // (client/components/carousel/wake.ts): a poll for it gets that long and the chunk's fetch.
  const MOUNT_MS = 6000
  const mounted = (page: Page, scope: string) =>
    page.locator(`${scope} .splide.is-initialized, ${scope}.splide.is-initialized`).count()
  const activeDot = (page: Page, scope: string) =>
    page
      .locator(`${scope} .splide__pagination__page`)
      .evaluateAll((dots) => dots.findIndex((d) => d.classList.contains('is-active')))
  /** Whether screen readers hear each slide ('polite'), as they do once the carousel no longer moves by itself ('off' while it does). */
  const announced = (page: Page, scope: string) => page.locator(`${scope} .splide__track`).getAttribute('aria-live')
  /** The picture on the slide showing now, once it has loaded and is on screen (pictures after the first load as they come next). */
  const shownPicture = (page: Page, scope: string) =>
    page
      .locator(`${scope} .splide__slide.is-visible img`)
      .first()
      .evaluate((img: HTMLImageElement) => {
        const { width, height } = img.getBoundingClientRect()
        return img.complete && img.naturalWidth > 0 && width > 0 && height > 0 ? img.src.split('/').pop() : null
      })

  test("Splide mounts on the server's markup: its slides, its dots in place of the server's, and the first picture is never replaced", async () => {
    const { page, release } = await openWithDeferredCodeHeld('/')
    const hero = '#hero-carousel'
    await page
      .locator(`${hero} img`)
      .first()
      .evaluate((img) => Object.assign(img, { fromServer: true }))
    // The server's dots, live before Splide's code has come.
    expect(await page.locator(`${hero} .splide__pagination__page`).count()).toBe(5)
    expect(await page.locator(`${hero} .splide__pagination__page`).first().isVisible()).toBe(true)
    expect(await mounted(page, hero)).toBe(0)
    // The second picture is fetched ahead of the first move, without Splide.
    const second = await page
      .locator(`${hero} img[data-splide-lazy]`)
      .first()
      .evaluate((img: HTMLImageElement) => img.dataset.splideLazy!.split('/').pop()!)
    await expect
      .poll(() =>
        page.evaluate(
          (name) => performance.getEntriesByType('resource').some((entry) => entry.name.includes(name.split('.')[0]!)),
          second,
        ),
      )
      .toBe(true)
    expect(await mounted(page, hero)).toBe(0)
    release()
    await expect.poll(() => mounted(page, hero), { timeout: MOUNT_MS }).toBe(1)
    expect(await page.locator(`${hero} .splide__pagination__page`).count()).toBe(5)
    expect(await page.locator(`${hero} .splide__pagination__page[data-dot]`).count()).toBe(0)
    expect(await page.locator(`${hero} div.splide__list > div.splide__slide:not(.splide__slide--clone)`).count()).toBe(
      5,
    )
    expect(
      await page
        .locator(`${hero} .splide__slide:not(.splide__slide--clone) img`)
        .first()
        .evaluate((img) => 'fromServer' in img),
    ).toBe(true)
    // Each dot is a tab that controls its slide, a tab panel (a role an <li> may not have, so the slides are <div>s).
    const controlled = await page
      .locator(`${hero} .splide__pagination__page`)
      .evaluateAll((dots) =>
        dots.map((dot) => document.getElementById(dot.getAttribute('aria-controls') ?? '')?.getAttribute('role')),
      )
    expect(controlled).toEqual(Array(5).fill('tabpanel'))
    expect(await axeViolations(page)).toEqual([])
  })

  test('a tap on a dot before Splide has come is held: that picture shows, the carousel stays on it, and the dot keeps the focus', async () => {
    const { page, release, held } = await openWithDeferredCodeHeld('/', { clock: true })
    const hero = '#hero-carousel'
    expect(await mounted(page, hero)).toBe(0)
    await page.locator(`${hero} .splide__pagination__page`).nth(3).click()
    // Shown as chosen at once, while the code is on its way.
    expect(await activeDot(page, hero)).toBe(3)
    await expect.poll(() => held.some((path) => path.includes('HeroCarousel'))).toBe(true)
    release()
    await expect.poll(() => mounted(page, hero)).toBe(1)
    await expect.poll(() => activeDot(page, hero)).toBe(3)
    await expect.poll(() => shownPicture(page, hero)).toMatch(/^blanket-4\.[0-9a-f]{10}-\d+\.jpg$/)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Picture 4')
    await page.clock.runFor(4000) // longer than the 3000 ms interval
    expect(await activeDot(page, hero)).toBe(3)
  })

  test('the phone hero carousel advances by itself, has 5 dots, and stops for good once touched', async () => {
    const { page } = await visit('/', PHONE, { clock: true })
    const hero = '[data-testid="hero-carousel"]'
    expect(await page.locator(`${hero} .splide__pagination__page`).count()).toBe(5)
    const start = await activeDot(page, hero)
    await expect.poll(() => activeDot(page, hero), { timeout: 8000 }).not.toBe(start)
    expect(await mounted(page, hero)).toBe(1)
    await expect.poll(() => shownPicture(page, hero)).toMatch(/^blanket-[2-5]\.[0-9a-f]{10}-\d+\.jpg$/)

    await page.locator(`${hero} .splide__pagination__page`).nth(3).click()
    await expect.poll(() => activeDot(page, hero)).toBe(3)
    await page.clock.runFor(4000) // longer than the 3000 ms interval
    expect(await activeDot(page, hero)).toBe(3)
  })

  test('each dot is a tap target of at least 24 × 24 px (WCAG 2.2, 2.5.8)', async () => {
    const { page } = await visit('/', PHONE)
    const dots = page.locator('[data-testid="hero-carousel"] .splide__pagination__page')
    await expect.poll(() => dots.count(), { timeout: MOUNT_MS }).toBe(5)
    for (const box of await dots.evaluateAll((all) =>
      all.map((dot) => dot.getBoundingClientRect().toJSON() as DOMRect),
    )) {
      expect(box.width).toBeGreaterThanOrEqual(24)
      expect(box.height).toBeGreaterThanOrEqual(24)
    }
  })

  test('a shopper who asks for less motion: no carousel moves by itself, and a dot shows its slide without sliding', async () => {
    const watched = await openPage(browser, PHONE, (context) => context.clock.install())
    await watched.page.emulateMedia({ reducedMotion: 'reduce' })
    const { page } = watched
    await page.goto(`${shop.origin}/`)
    await hydrated(page)
    const hero = '[data-testid="hero-carousel"]'
    await page.clock.runFor(4000) // longer than the 3000 ms interval
    // Had its first move come due, its code would be on the way now: the page stays still
    // markup once the network is quiet.
    await page.waitForLoadState('networkidle')
    expect(await mounted(page, hero)).toBe(0)
    expect(await activeDot(page, hero)).toBe(0)
    await page.locator(`${hero} .splide__pagination__page`).nth(2).click()
    await expect.poll(() => activeDot(page, hero)).toBe(2)
    // Splide's reducedMotion: the list jumps, with no transition.
    expect(
      await page.locator(`${hero} .splide__list`).evaluate((list) => getComputedStyle(list).transitionDuration),
    ).toMatch(/^0s$|^$/)
    expectClean(watched)
  })

  test('asked for less motion while its code is on the way: once Splide mounts, the carousel does not move', async () => {
    const { page, release, watched, held } = await openWithDeferredCodeHeld('/', { clock: true })
    const hero = '[data-testid="hero-carousel"]'
    await page.clock.runFor(3500) // its first move comes due, and its code is asked for
    await expect.poll(() => held.some((path) => path.includes('HeroCarousel'))).toBe(true)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    expect(await page.evaluate(() => matchMedia('(prefers-reduced-motion: reduce)').matches)).toBe(true)
    release()
    await expect.poll(() => mounted(page, hero), { timeout: MOUNT_MS }).toBe(1)
    expect(await announced(page, hero)).toBe('polite')
    await page.clock.runFor(4000)
    expect(await activeDot(page, hero)).toBe(0)
    expectClean(watched)
  })

  // The carousel Splide drew in the browser decides for itself whether to move: asked for
  // less motion once it is moving, it stops (carousel/motion.ts), not only the wake before it.
  test('a carousel already moving stops moving by itself once the shopper asks for less motion', async () => {
    const watched = await openPage(browser, PHONE, (context) => context.clock.install())
    const { page } = watched
    await page.goto(`${shop.origin}/`)
    await hydrated(page)
    const hero = '[data-testid="hero-carousel"]'
    await expect.poll(() => mounted(page, hero), { timeout: MOUNT_MS }).toBe(1)
    await expect.poll(() => activeDot(page, hero), { timeout: MOUNT_MS }).toBeGreaterThanOrEqual(1)
    expect(await announced(page, hero)).toBe('off')
    await page.emulateMedia({ reducedMotion: 'reduce' })
    // The page hears of the setting at its next frame; the carousel then stops, and from then
    // on screen readers are told of each slide (carousel/motion.ts).
    await expect.poll(() => announced(page, hero)).toBe('polite')
    const shown = await activeDot(page, hero)
    await page.clock.runFor(4000) // longer than the 3000 ms interval
    expect(await activeDot(page, hero)).toBe(shown)
    expectClean(watched)
  })

  test('between slides a carousel leaves the phone idle: no animation frame every 16 ms', async () => {
    const watched = await openPage(browser, PHONE, async (context) => {
      await context.clock.install()
      await context.addInitScript(() => {
        const counted = window.requestAnimationFrame.bind(window)
        const w = window as unknown as { frames: number }
        w.frames = 0
        window.requestAnimationFrame = (callback) => {
          w.frames++
          return counted(callback)
        }
      })
    })
    const { page } = watched
    await page.goto(`${shop.origin}/`)
    await hydrated(page)
    const hero = '[data-testid="hero-carousel"]'
    await expect.poll(() => mounted(page, hero), { timeout: MOUNT_MS }).toBe(1)
    const frames = () => page.evaluate(() => (window as unknown as { frames: number }).frames)
    const before = await frames()
    await page.clock.runFor(2000)
    // Splide's own autoplay asked for one every frame (about 120 in 2 s of the page's clock);
    // a move, its transition and the screen-reader notice ask for a few.
    expect((await frames()) - before).toBeLessThan(40)
    expectClean(watched)
  })

  test('the lifestyle carousel advances by itself and pauses while the tab is hidden', async () => {
    const { page } = await visit('/', DESKTOP, { clock: true })
    const lifestyle = '.lifestyle'
    // Below the fold it stays still markup until the shopper scrolls to it.
    await page.clock.runFor(3000) // longer than its 2000 ms interval
    expect(await mounted(page, lifestyle)).toBe(0)
    await page.locator(lifestyle).scrollIntoViewIfNeeded()
    const start = await activeDot(page, lifestyle)
    await expect.poll(() => mounted(page, lifestyle), { timeout: MOUNT_MS }).toBe(1)
    await expect.poll(() => activeDot(page, lifestyle), { timeout: 6000 }).not.toBe(start)
    await expect.poll(() => shownPicture(page, lifestyle)).toMatch(/^lifestyle-[2-5]\.[0-9a-f]{10}-\d+\.jpg$/)

    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    const paused = await activeDot(page, lifestyle)
    await page.clock.runFor(3000) // longer than the 2000 ms interval
    expect(await activeDot(page, lifestyle)).toBe(paused)

    await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => false })
      document.dispatchEvent(new Event('visibilitychange'))
    })
    await expect.poll(() => activeDot(page, lifestyle), { timeout: 6000 }).not.toBe(paused)
  })
})
