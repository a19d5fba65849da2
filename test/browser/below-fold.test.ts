import { describe, expect, test } from 'vitest'
import { SIZES } from './browser'
import { visit, useShopInChromium } from './shop-in-chromium'

useShopInChromium()

// The parts of a page whose rendering waits until they come near the screen (`below-fold-*`,
// uno.config.ts) are taken to be as tall as their class says until then. A figure far from the
// real height would make the page jump as the shopper scrolls, and move a button from under
// the finger about to tap it.
const PAGES = [
  ['/', 4],
  ['/product/toddler-blanket', 1],
] as const

describe.each(SIZES)('on a %s, each part that renders only when near', (_, viewport) => {
  test.each(PAGES)('on %s is assumed within a fifth of its real height', async (path, parts) => {
    const { page, context } = await visit(path, viewport)
    const heights = await page.evaluate(async () => {
      const skipping = [...document.querySelectorAll<HTMLElement>('body *')].filter((element) => getComputedStyle(element).contentVisibility === 'auto')
      const measured = []
      for (const element of skipping) {
        element.scrollIntoView({ block: 'start' })
        await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)))
        const assumed = getComputedStyle(element).containIntrinsicHeight
        measured.push({ part: element.getAttribute('aria-labelledby') ?? element.tagName, real: element.getBoundingClientRect().height, assumed: Number(/(\d+(?:\.\d+)?)px/.exec(assumed)?.[1]) })
      }
      return measured
    })
    expect(heights.length).toBe(parts)
    for (const { part, real, assumed } of heights) expect(Math.abs(assumed - real) / real, `${part}: assumed ${assumed} px, ${real} px tall`).toBeLessThanOrEqual(0.2)
    await context.close()
  })
})
