import { describe, expect, test } from 'vitest'
import { SIZES } from './browser.ts'
import { visit, setUpShopInChromium } from './shop-in-chromium.ts'

setUpShopInChromium()

// The parts of a page whose rendering waits until they come near the screen (`below-fold-*`,
// uno.config.ts) are taken to be as tall as their class says until then. A figure far from the
// real height would make the page jump as the shopper scrolls, and move a button from under
// the finger about to tap it.
const PAGES = [
  ['/', 4],
  ['/product/toddler-blanket', 1],
] as const

/** How far a page may grow or shrink as the shopper scrolls to its foot. */
const STEADY_WITHIN_PX = 24

describe.each(SIZES)('on a %s', (_, viewport) => {
  test.each(PAGES)('%s keeps its height as the shopper scrolls to its foot', async (path) => {
    const { page, context } = await visit(path, viewport)
    const { before, after } = await page.evaluate(async () => {
      const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))
      await frame()
      const before = document.documentElement.scrollHeight
      for (let y = 0; y < document.documentElement.scrollHeight; y += innerHeight / 2) {
        scrollTo(0, y)
        await frame()
      }
      scrollTo(0, document.documentElement.scrollHeight)
      await frame()
      return { before, after: document.documentElement.scrollHeight }
    })
    expect(Math.abs(after - before), `${before} px tall at first, ${after} px at the foot`).toBeLessThanOrEqual(
      STEADY_WITHIN_PX,
    )
    await context.close()
  })

  test.each(PAGES)(
    'each part of %s that renders only when near is assumed within a fifth of its real content height',
    async (path, parts) => {
      const { page, context } = await visit(path, viewport)
      const heights = await page.evaluate(async () => {
        const skipping = [...document.querySelectorAll<HTMLElement>('body *')].filter(
          (element) => getComputedStyle(element).contentVisibility === 'auto',
        )
        const measured = []
        for (const element of skipping) {
          element.scrollIntoView({ block: 'start' })
          await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)))
          const assumed = getComputedStyle(element).containIntrinsicHeight
          // contain-intrinsic-size stands for the content box: padding and borders come on top.
          const style = getComputedStyle(element)
          const edges = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const
          const real =
            element.getBoundingClientRect().height - edges.reduce((sum, edge) => sum + parseFloat(style[edge]), 0)
          measured.push({
            part: element.getAttribute('aria-labelledby') ?? element.tagName,
            real,
            assumed: Number(/(\d+(?:\.\d+)?)px/.exec(assumed)?.[1]),
          })
        }
        return measured
      })
      expect(heights.length).toBe(parts)
      for (const { part, real, assumed } of heights)
        expect(Math.abs(assumed - real) / real, `${part}: assumed ${assumed} px, ${real} px tall`).toBeLessThanOrEqual(
          0.2,
        )
      await context.close()
    },
  )
})
