import { expect, test } from 'vitest'
import { expectClean, hydrated, openPage, PHONE } from './browser.ts'
import { badge, browser, drawer, setUpShopInChromium, shop } from './shop-in-chromium.ts'
import { storedCartOf, twoStoredReadLater } from './stored-carts.ts'

// An order tapped before the stored cart is read back (cart-storage.test.ts has the rest of
// the stored cart): it is added to the stored lines, and nothing counts up through 1.
setUpShopInChromium()

test('an order tapped before the stored cart is read back is added to it, not lost', async () => {
  // The read is held until the order has landed, as a slow phone network would hold it, whatever the machine.
  const { watched, hold } = await twoStoredReadLater(() => {})
  await watched.page.goto(`${shop.origin}/`)
  await hydrated(watched.page)
  await watched.page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
  hold.read()
  await expect.poll(() => watched.page.getByTestId('line-quantity').textContent(), { timeout: 5000 }).toBe('3')
  expect(JSON.parse((await watched.page.evaluate(() => localStorage.getItem('shopify-cart')))!).items[0].quantity).toBe(
    3,
  )
  expect(hold.asked).toBe(true)
  expectClean(watched)
})

test('with 2 stored and an order tapped before they are read back: the badge and the screen reader go straight to 3, never by 1', async () => {
  // Every count the badge showed, and every thing the screen reader was told.
  const { watched, hold } = await twoStoredReadLater(() => {
    const seen: { badge: string[]; said: string[] } = { badge: [], said: [] }
    ;(window as unknown as { seen: typeof seen }).seen = seen
    new MutationObserver(() => {
      const badge = document.querySelector('[data-testid="cart-badge"]')?.textContent
      const said = document.querySelector('[data-testid="cart-announcer"]')?.textContent
      if (badge && seen.badge.at(-1) !== badge) seen.badge.push(badge)
      if (said && seen.said.at(-1) !== said) seen.said.push(said)
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  const { page } = watched
  await page.goto(`${shop.origin}/product/toddler-blanket`)
  await hydrated(page)
  // The click resolves once the page has handled it (React's handler runs in the event's dispatch).
  await page.getByRole('button', { name: 'Add to Cart' }).click()
  // Only now may the stored cart be read: the case the test names has happened.
  hold.read()
  await expect.poll(() => badge(page).textContent(), { timeout: 5000 }).toBe('3')
  await expect.poll(() => page.getByTestId('cart-announcer').textContent()).toBe('3 items in your cart')
  expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({
    badge: ['3'],
    said: ['3 items in your cart'],
  })
  expect(hold.asked).toBe(true)
  expectClean(watched)
})

// The announcer is a deferred section: its code may come after the shopper's first tap (it
// did in CI). A change made before it came is still a change; the stored cart read is not.
test.each([
  ['nothing stored (a first visit)', 0],
  ['2 stored', 2],
])(
  "with %s and an order tapped before the announcer's code came, the screen reader is told the new count, once",
  async (_, stored) => {
    let release!: () => void
    const announcerHeld = new Promise<void>((resolve) => (release = resolve))
    let announcerAsked = false
    const watched = await openPage(browser, PHONE, async (context) => {
      if (stored)
        await context.addInitScript(
          (value) => localStorage.setItem('shopify-cart', value),
          JSON.stringify(storedCartOf(stored)),
        )
      await context.addInitScript(() => {
        const said: string[] = []
        ;(window as unknown as { said: string[] }).said = said
        new MutationObserver(() => {
          const text = document.querySelector('[data-testid="cart-announcer"]')?.textContent
          if (text && said.at(-1) !== text) said.push(text)
        }).observe(document, { childList: true, subtree: true, characterData: true })
      })
      await context.route(/CartAnnouncer-.*\.js$/, async (route) => {
        announcerAsked = true
        await announcerHeld
        await route.continue()
      })
    })
    const { page } = watched
    await page.goto(`${shop.origin}/product/toddler-blanket`)
    await hydrated(page)
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    // The tap has landed and the stored cart is read (the badge knows the total) before the announcer's code is let through.
    await expect.poll(() => badge(page).textContent(), { timeout: 5000 }).toBe(String(stored + 1))
    expect(announcerAsked).toBe(true)
    release()
    const told = stored + 1 === 1 ? '1 item in your cart' : `${stored + 1} items in your cart`
    await expect.poll(() => page.getByTestId('cart-announcer').textContent(), { timeout: 5000 }).toBe(told)
    expect(await page.evaluate(() => (window as unknown as { said: string[] }).said)).toEqual([told])
    expectClean(watched)
  },
)

// The sheet opened by an early 'Order Now!' says nothing of the cart until it knows it:
// with 2 stored, it showed '1 item in your cart' and $38.00 for up to 0.84 s on a
// throttled phone before 3 and $114.00, and screen readers read the 1 out.
test('with 2 stored and the sheet opened by an order before they are read back: its count, lines and total wait for them, never showing 1', async () => {
  // Every count, total and quantity the sheet showed. The read waits until the sheet has been looked at.
  const { watched, hold } = await twoStoredReadLater(() => {
    const seen: string[] = []
    ;(window as unknown as { seen: string[] }).seen = seen
    new MutationObserver(() => {
      for (const id of ['cart-subtitle', 'cart-total', 'line-quantity']) {
        const text = document.querySelector(`[data-testid="${id}"]`)?.textContent
        if (text && !seen.includes(`${id}: ${text}`)) seen.push(`${id}: ${text}`)
      }
    }).observe(document, { childList: true, subtree: true, characterData: true })
  })
  const { page } = watched
  await page.goto(`${shop.origin}/`)
  await hydrated(page)
  await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
  await drawer(page).waitFor()
  // The order is in, the stored cart not yet read: the sheet waits, and its checkout with it.
  expect(await page.getByTestId('cart-reading').getAttribute('aria-busy')).toBe('true')
  expect(await page.getByTestId('cart-subtitle').textContent()).toBe('')
  expect(await page.getByTestId('cart-total').textContent()).toBe('')
  expect(await page.getByTestId('cart-line').count()).toBe(0)
  expect(await page.getByTestId('checkout-button').getAttribute('aria-disabled')).toBe('true')
  hold.read()
  await expect
    .poll(() => page.getByTestId('cart-subtitle').textContent(), { timeout: 5000 })
    .toBe('3 items in your cart')
  expect(await page.getByTestId('cart-total').textContent()).toBe('$114.00')
  expect(await page.getByTestId('checkout-button').getAttribute('aria-disabled')).toBeNull()
  expect(await page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([
    'cart-subtitle: 3 items in your cart',
    'cart-total: $114.00',
    'line-quantity: 3',
  ])
  expect(hold.asked).toBe(true)
  expectClean(watched)
})
