import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BLANKET_VARIANT_ID, blanket } from '../../storefront-double/catalog.ts'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'
import { DESKTOP, expectClean, hydrated, openPage, PHONE } from './browser.ts'
import { shop, browser, visit, badge, expectDocumentStatus, setUpShopInChromium } from './shop-in-chromium.ts'

setUpShopInChromium()

describe('the product page', () => {
  // At the cap, 'Added to cart!' would say something the cart did not do; an order button
  // opens the cart as ever, and says so too.
  test.each([
    ['/product/toddler-blanket', 'Add to Cart'],
    ['/', 'Only $38 – Order Now!'],
  ])("%s: '%s' with 99 already in the cart adds nothing and says so", async (path, button) => {
    const stored = {
      items: [
        {
          variantId: BLANKET_VARIANT_ID,
          variantTitle: 'x',
          quantity: 99,
          price: { amount: '38.0', currencyCode: 'USD' },
          selectedOptions: [],
          product: { title: 'Square Friends Fleece Blanket', handle: 'toddler-blanket', images: { edges: [] } },
        },
      ],
      cartId: null,
      checkoutUrl: null,
    }
    const watched = await openPage(browser, PHONE, (context) =>
      context.addInitScript(
        (cart) => localStorage.getItem('shopify-cart') ?? localStorage.setItem('shopify-cart', cart),
        JSON.stringify(stored),
      ),
    )
    const { page } = watched
    await page.goto(shop.origin + path)
    await hydrated(page)
    await expect.poll(() => badge(page).textContent()).toBe('99')
    await page.getByRole('button', { name: button }).first().click()
    await page.getByText('Nothing added').waitFor()
    expect(
      await page.getByText('Your cart already holds 99 of this blanket, the most one order can take.').isVisible(),
    ).toBe(true)
    expect(await page.getByText('Added to cart!').count()).toBe(0)
    expect(await badge(page).textContent()).toBe('99')
    if (path === '/') expect(await page.getByTestId('cart-subtitle').textContent()).toBe('99 items in your cart')
    expectClean(watched)
  })

  test('/product/Toddler-Blanket, typed in capitals, shows the blanket at its one address', async () => {
    const watched = await openPage(browser, PHONE)
    const { page } = watched
    await page.goto(`${shop.origin}/product/Toddler-Blanket`)
    await hydrated(page)
    expect(page.url()).toBe(`${shop.origin}/product/toddler-blanket`)
    expect(await page.locator('h1').first().textContent()).toBe('Square Friends Fleece Blanket')
    expectClean(watched)
  })

  test('thumbnails switch the large image; details are collapsed and toggle; Add to Cart toasts', async () => {
    const watched = await visit('/product/toddler-blanket', DESKTOP)
    const { page } = watched
    const large = page.getByTestId('product-gallery-image')
    expect(await large.getAttribute('src')).toMatch(/\/blanket-1\.jpg\?/)
    const thumbs = page.getByTestId('product-gallery-thumbnails').getByRole('button')
    expect(await thumbs.count()).toBe(5)
    await thumbs.nth(2).click()
    await expect.poll(() => large.getAttribute('src')).toMatch(/\/blanket-3\.jpg\?/)
    expect(await thumbs.nth(2).getAttribute('aria-pressed')).toBe('true')
    expect(await page.getByTestId('price').textContent()).toBe('$38.00')

    const toggle = page.locator('summary', { hasText: 'Product Details' })
    const disclosure = page.locator('details', { has: toggle })
    expect(await disclosure.getAttribute('open')).toBeNull()
    expect(await page.getByTestId('product-details').isVisible()).toBe(false)
    await toggle.click()
    expect(await disclosure.getAttribute('open')).toBe('')
    const details = await page.getByTestId('product-details').innerText()
    for (const fact of [
      '30" × 40" (76.2 × 101.6 cm)',
      '100% polyester',
      '290 g/m²',
      'One-sided print',
      'Machine-washable, tumble dry low (max 30°C)',
      'Made on demand, processing 2-5 business days',
    ]) {
      expect(details).toContain(fact)
    }
    await toggle.click()
    expect(await page.getByTestId('product-details').isVisible()).toBe(false)

    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.getByText('Added to cart!').waitFor()
    const toastBox = (await page.getByText('Added to cart!').boundingBox())!
    expect(Math.abs(toastBox.x + toastBox.width / 2 - DESKTOP.width / 2)).toBeLessThan(80) // top centre
    expect(toastBox.y).toBeLessThan(120)
    // Below the header once it has slid in: the cart button stays free for the tap that
    // usually comes next.
    const cartBox = (await page.getByTestId('cart-button').boundingBox())!
    await expect
      .poll(async () => (await page.getByText('Added to cart!').boundingBox())!.y)
      .toBeGreaterThanOrEqual(cartBox.y + cartBox.height)
    expect(await badge(page).textContent()).toBe('1')
    expect(await page.getByRole('link', { name: 'Back to Store' }).getAttribute('href')).toBe('/')
    expectClean(watched)
  })

  test('an unknown product shows "Product not found" with a way home', async () => {
    const { page } = await visit('/product/not-a-blanket')
    expect(await page.getByRole('heading', { name: 'Product not found' }).isVisible()).toBe(true)
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/')
  })
})

describe('script payloads in Shopify data', () => {
  test('render as text and never run', async () => {
    const payload = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>'
    shop.double.products.set('xss-blanket', {
      ...blanket(),
      handle: 'xss-blanket',
      title: `Blanket ${payload}`,
      description: `</script><script>window.__pwned=1</script>${payload}`,
      images: blanket().images.map((image) => ({ ...image, altText: `x" onerror="window.__pwned=1` })),
      variants: blanket().variants.map((v) => ({ ...v, selectedOptions: [{ name: 'Size', value: payload }] })),
    })
    const watched = await visit('/product/xss-blanket', DESKTOP)
    const { page } = watched
    let dialogs = 0
    page.on('dialog', (dialog) => {
      dialogs++
      void dialog.dismiss()
    })
    expect(await page.locator('h1').textContent()).toBe(`Blanket ${payload}`)
    await page.getByRole('button', { name: 'Add to Cart' }).click()
    await page.getByTestId('cart-button').click()
    await page.getByTestId('cart-line').waitFor()
    expect(await page.getByTestId('cart-line').textContent()).toContain(payload) // option values, as text
    await page.reload() // and back out of storage
    await hydrated(page)
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined()
    expect(dialogs).toBe(0)
    expectClean(watched)
  })
})

describe('when the product is not available', () => {
  let broken: Shop
  beforeAll(async () => {
    broken = await startShop()
    broken.double.setFault({ kind: 'status', status: 500 })
  })
  afterAll(() => broken?.dispose())

  test('the order button shows the error toast "Product not available" at top centre', async () => {
    const watched = await openPage(browser, PHONE)
    // A 503, so that no cache keeps the page without its product (src/routes/page-routes.tsx).
    expect((await watched.page.goto(`${broken.origin}/`))!.status()).toBe(503)
    await hydrated(watched.page)
    await watched.page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await watched.page.getByText('Product not available').waitFor()
    const box = (await watched.page.getByText('Product not available').boundingBox())!
    expect(Math.abs(box.x + box.width / 2 - PHONE.width / 2)).toBeLessThan(60)
    expect(await badge(watched.page).count()).toBe(0)
    // The toast says what to do next.
    expect(await watched.page.getByText('Please reload the page in a minute.').isVisible()).toBe(true)
    // Chromium reports the document's own status; nothing else may go wrong.
    expect(watched.problems).toEqual([
      `error: Failed to load resource: the server responded with a status of 503 (Service Unavailable) (${broken.origin}/)`,
    ])
    watched.expected.push(/status of 503/)
  })
})

describe('words and sizes', () => {
  test('at 390 px the closing line keeps its distance from both edges, and footer links are at least 24 px tall', async () => {
    const { page, context } = await visit('/')
    const line = (await page.getByText('Made on demand and on its way in 2-5 business days.').boundingBox())!
    expect(line.x).toBeGreaterThanOrEqual(16)
    expect(PHONE.width - (line.x + line.width)).toBeGreaterThanOrEqual(16)
    const links = page.getByRole('navigation', { name: 'Footer' }).getByRole('link')
    expect(await links.count()).toBe(5)
    for (const box of await Promise.all((await links.all()).map((link) => link.boundingBox())))
      expect(box!.height).toBeGreaterThanOrEqual(24)
    await context.close()
  })

  test('About names five more friends after the koala, and only five', async () => {
    const { page, context } = await visit('/about')
    const text = (await page.getByText('then five more:').textContent())!
    const named = /five more: (.*)\./.exec(text)![1]!.split(/, | and /)
    expect(named).toEqual(['Octopus', 'Cheetah', 'Hippo', 'Elephant', 'Crab'])
    await context.close()
  })

  test("'Product not found' says whether the product does not exist or the shop cannot reach its stock", async () => {
    const missing = await visit('/product/no-such-blanket')
    expect(await missing.page.getByText('We don’t sell a product by this name.').isVisible()).toBe(true)
    await missing.context.close()
    shop.double.setFault({ kind: 'status', status: 500 })
    const watched = await openPage(browser, PHONE)
    const { page, context } = watched
    expect((await page.goto(`${shop.origin}/product/blanket-while-shopify-is-down`))!.status()).toBe(503)
    expectDocumentStatus(watched, 503, `${shop.origin}/product/blanket-while-shopify-is-down`)
    await expect.poll(() => page.locator('h1').first().textContent()).toBe('Product not found')
    expect(await page.getByText('We can’t reach our stock right now. Please try again in a minute.').isVisible()).toBe(
      true,
    )
    await context.close()
  })
})
