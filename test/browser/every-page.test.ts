import { describe, expect, test } from 'vitest'
import { axeViolations, screenshot, SIZES } from './browser.ts'
import { nuErrors } from './nu-checker.ts'
import { PAGE_EXAMPLES } from '../../client/pages/pages.ts'
import { shop, visit, setUpShopInChromium } from './shop-in-chromium.ts'

setUpShopInChromium()

describe.each(SIZES)(
  'every page at %s size: renders, hydrates cleanly, passes axe and the Nu Html Checker',
  (size, viewport) => {
    // Every page of the table (client/pages/pages.ts), by its example address, so a page added
    // there is visited here too; and the product page's other state.
    test.each([
      ...PAGE_EXAMPLES.map(({ name, path }) => [path, name, name === 'not-found' ? 404 : 200] as const),
      ['/product/not-a-blanket', 'product-not-found', 404] as const,
    ])('%s', async (path, name, status) => {
      const { page, problems } = await visit(path, viewport)
      // One heading, visible, and the document's title as the server wrote it.
      await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true)
      expect(await page.locator('h1').count()).toBe(1)
      const served = await (await shop.fetch(path)).text()
      expect(await page.title()).toBe(/<title>([^<]*)<\/title>/.exec(served)![1]!.replaceAll('&amp;', '&'))
      await page.evaluate(() => document.fonts.ready)
      await screenshot(page, `${name}-${size}`)
      expect(await axeViolations(page)).toEqual([])
      // Valid HTML as sent and as the app leaves it, and accessible with every disclosure open.
      await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)))
      expect(await axeViolations(page)).toEqual([])
      expect(await nuErrors({ [`${name}-served`]: served, [`${name}-${size}-live`]: await page.content() })).toEqual([])
      // Chromium reports a page answered with 404 as a failed load of the page itself; that one
      // line is expected there, and anything else (a missing picture or script) fails the test.
      const pageItself = `error: Failed to load resource: the server responded with a status of 404 (Not Found) (${shop.origin}${path})`
      expect(problems).toEqual(status === 404 ? [pageItself] : [])
      await page.context().close()
    })
  },
)
