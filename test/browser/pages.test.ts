import { describe, expect, test } from 'vitest'
import { DESKTOP, expectClean, hydrated, openPage, PHONE } from './browser.ts'
import {
  shop,
  browser,
  visit,
  badge,
  drawer,
  openWithDeferredCodeHeld,
  setUpShopInChromium,
} from './shop-in-chromium.ts'

setUpShopInChromium()

describe('pages', () => {
  test.each([['/'], ['/product/toddler-blanket']])(
    '%s hydrates without fetching its stylesheet again',
    async (path) => {
      const watched = await openPage(browser, PHONE)
      const { page } = watched
      const requested: string[] = []
      page.on('request', (request) => requested.push(new URL(request.url()).pathname))
      await page.goto(shop.origin + path)
      await hydrated(page)
      expect(requested.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(0)
      // The stylesheet is inline; loading the page's chunks must not fetch it again.
      expect(requested.filter((path) => path.endsWith('.css'))).toEqual([])
      expectClean(watched)
    },
  )

  // Deferred sections, the drawer and Splide are held back: a control inside a deferred
  // section would drop these taps.
  test('order buttons below the fold work before any deferred code has arrived', async () => {
    const { page, release } = await openWithDeferredCodeHeld('/')
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).last().click()
    release()
    await drawer(page).waitFor()
    expect(await page.getByTestId('cart-subtitle').textContent()).toBe('1 item in your cart')
  })

  test('the product page orders and opens its details before any deferred code has arrived', async () => {
    const { page, release } = await openWithDeferredCodeHeld('/product/toddler-blanket')
    await page.locator('summary', { hasText: 'Product Details' }).click()
    expect(await page.getByTestId('product-details').innerText()).toContain('100% polyester')
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.getByRole('button', { name: 'Snuggles start here!' }).click()
    await expect.poll(() => badge(page).textContent()).toBe('2')
    release()
    await drawer(page).waitFor()
    expect(await page.getByTestId('cart-subtitle').textContent()).toBe('2 items in your cart')
  })

  // Words, pictures and links are static sections (client/lib/deferred-section.tsx): the
  // browser keeps them as the server sent them and never fetches their code. Each text here
  // is drawn by one, so its chunk would carry it. The deferred code that does come (the
  // carousels, the cart's announcer) is held back, let go, and hydrates without a mismatch.
  test.each([
    ['/', ['The blanket every little one wants to hug', 'Meet the square friends', 'Loved at bedtime', 'Terms of use']],
    ['/product/toddler-blanket', ['Back to Store', 'Terms of use']],
  ])('%s keeps every static section as served and never fetches its code', async (path, texts) => {
    const { page, release, watched, held, served } = await openWithDeferredCodeHeld(path)
    await page.locator('footer').scrollIntoViewIfNeeded()
    for (const text of texts) expect(await page.getByText(text, { exact: true }).first().isVisible()).toBe(true)
    release()
    // Every chunk held back was served once let go (a chunk may be asked for twice, as a
    // preload and as an import, and the field analytics' collector comes later, when idle).
    await expect.poll(() => held.filter((chunk) => !served.includes(chunk))).toEqual([])
    await page.waitForLoadState('networkidle')
    for (const text of texts) expect(await page.getByText(text, { exact: true }).first().isVisible()).toBe(true)
    const code = await Promise.all(served.map(async (src) => (await shop.fetch(src)).text()))
    for (const text of texts)
      expect(
        code.some((body) => body.includes(text)),
        text,
      ).toBe(false)
    expectClean(watched)
  })

  test('the 404 page logs the path to the console', async () => {
    const { page, consoleLines } = await visit('/a/missing/page')
    expect(await page.getByText('Oops! Page not found').isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/')
    await expect.poll(() => consoleLines.some((line) => line.includes('/a/missing/page'))).toBe(true)
  })

  test('the landing page has its sections in order, with the counts the shop promises', async () => {
    const { page } = await visit('/', DESKTOP)
    expect(await page.getByTestId('hero-gallery-thumbnails').getByRole('button').count()).toBe(5)
    expect(await page.getByTestId('character').count()).toBe(6)
    expect(await page.getByTestId('character').allInnerTexts()).toEqual(
      ['Octopus', 'Koala', 'Cheetah', 'Hippo', 'Elephant', 'Crab'].map((name) => expect.stringContaining(name)),
    )
    expect(await page.getByTestId('testimonial').count()).toBe(3)
    expect(await page.getByLabel('5 out of 5 stars').count()).toBe(3)
    // What a screen reader gets: sections out of the first view skip rendering until the
    // shopper comes near (content-visibility), so innerText would leave them out, but the
    // accessibility tree keeps every word.
    const body = await page.locator('main').ariaSnapshot()
    const order = [
      'Only $38 – Order Now!',
      'yes, shipping is included',
      'Square softness',
      'Vibrant Colors',
      'Super Soft',
      'Extra Durable',
      'Mom-Friendly',
      'Made to Last',
      'Snuggles start here!',
      'Octopus',
      'Wherever the day goes',
      'Loved at bedtime',
      'Ready for bedtime?',
    ]
    const positions = order.map((text) => body.indexOf(text))
    expect(positions.every((p) => p >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
    const footer = page.locator('footer')
    expect(await footer.getByRole('link', { name: 'E-mail' }).getAttribute('href')).toMatch(/^mailto:/)
    for (const name of ['About', 'Message', 'Privacy', 'Terms of use'])
      expect(await footer.getByRole('link', { name }).count()).toBe(1)
  })

  test('Terms and Privacy carry every section the shop promises', async () => {
    const terms = (await visit('/terms')).page
    expect(await terms.getByText('Last updated: January 2025').isVisible()).toBe(true)
    const termsHeadings = await terms.locator('h2').allInnerTexts()
    expect(termsHeadings).toEqual([
      'Orders and payments',
      'Shipping',
      'Returns',
      'Quality',
      'Intellectual property',
      'Liability',
      'Changes',
      'Contact',
    ])
    expect(await terms.locator('article').innerText()).toContain('within 7 days')
    const privacy = (await visit('/privacy')).page
    expect(await privacy.locator('h2').allInnerTexts()).toEqual([
      'Data we collect',
      'How we use it',
      'Security',
      'Third parties',
      'Cookies',
      'Your rights if you live in the EU',
    ])
    // What the field analytics keep, where a shopper came from (what, how long, why), and that Global Privacy Control stops both.
    expect(await privacy.locator('h3').allInnerTexts()).toEqual([
      'How the shop is used, without knowing who you are',
      'Where you came from',
    ])
    expect(await privacy.locator('main').innerText()).toMatch(
      /no IP address, no browser identification, no cookie[\s\S]*Global Privacy Control signal, your pages send nothing at all/,
    )
    expect(await privacy.locator('main').innerText()).toMatch(
      /utm_ words[\s\S]*for 30 days[\s\S]*which of our ads, gift guides and newsletters work[\s\S]*Global Privacy Control signal, nothing is kept/,
    )
  })
})
