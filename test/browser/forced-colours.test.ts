// Windows' contrast themes (forced colours) paint every background in the theme's one colour,
// so a control drawn as a filled shape (a pill, a dot) keeps its edge only through a border,
// which forced colours draw in the theme's button text colour, even a transparent one.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { mkdirSync } from 'node:fs'
import { SCREENSHOTS, SIZES } from './browser.ts'
import { drawer, visit, setUpShopInChromium } from './shop-in-chromium.ts'

setUpShopInChromium()
mkdirSync(SCREENSHOTS, { recursive: true })

/** The controls on screen drawn as a filled shape, with no border left to show their edge in forced colours. */
function edgelessFilledControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = [...document.querySelectorAll<HTMLElement>('button, a[href], summary, [role="button"]')]
    return controls
      .filter((control) => {
        const box = control.getBoundingClientRect()
        if (box.width === 0 || box.height === 0) return false
        const style = getComputedStyle(control)
        const filled = !/rgba\(0, 0, 0, 0\)|transparent/.test(style.backgroundColor)
        const edged = (['Top', 'Right', 'Bottom', 'Left'] as const).some(
          (side) => parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== 'none',
        )
        return filled && !edged
      })
      .map(
        (control) =>
          `${control.tagName.toLowerCase()} «${(control.textContent || control.getAttribute('aria-label') || '').trim().slice(0, 40)}»`,
      )
  })
}

describe.each(SIZES)('at %s size, every filled control has a border, its edge in forced colours', (size, viewport) => {
  test.each([
    ['/', 'landing'],
    ['/product/toddler-blanket', 'product'],
    ['/product/not-a-blanket', 'product-not-found'],
    ['/no/such/page', 'not-found'],
  ])('%s', async (path, name) => {
    const { page, context, expected } = await visit(path, viewport)
    expected.push(/Failed to load resource: the server responded with a status of 404/)
    expect(await edgelessFilledControls(page)).toEqual([])
    await page.emulateMedia({ forcedColors: 'active' })
    await page.screenshot({ path: `${SCREENSHOTS}/forced-colours-${name}-${size}.png` })
    await context.close()
  })

  test('the cart sheet', async () => {
    const { page, context } = await visit('/', viewport)
    await page.getByRole('button', { name: 'Only $38 – Order Now!' }).first().click()
    await drawer(page).waitFor()
    expect(await edgelessFilledControls(page)).toEqual([])
    await context.close()
  })
})
