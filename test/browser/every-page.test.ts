import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { blanket } from '../../storefront-double/catalog'
import { axeViolations, screenshot, SIZES } from './browser'
import { nuErrors } from './nu-checker'
import { shop, visit, useShopInChromium } from './shop-in-chromium'

useShopInChromium()

describe.each(SIZES)('every page at %s size: renders, hydrates cleanly, passes axe and the Nu Html Checker', (size, viewport) => {
  test.each([
    ['/', 'landing', 'The blanket every little one wants to hug', 200],
    ['/product/toddler-blanket', 'product', 'Square Friends Fleece Blanket', 200],
    ['/product/not-a-blanket', 'product-not-found', 'Product not found', 404],
    ['/terms', 'terms', 'Terms of Use', 200],
    ['/privacy', 'privacy', 'Privacy Policy', 200],
    ['/about', 'about', 'About Square Snuggles', 200],
    ['/no/such/page', '404', 'Oops! Page not found', 404],
  ])('%s', async (path, name, heading, status) => {
    const { page, problems } = await visit(path, viewport)
    await expect.poll(() => page.locator('h1').first().textContent()).toContain(heading.replace('Oops! Page not found', '404'))
    await expect.poll(() => page.getByText(heading).first().isVisible()).toBe(true)
    await page.evaluate(() => document.fonts.ready)
    await screenshot(page, `${name}-${size}`)
    expect(await axeViolations(page)).toEqual([])
    // Valid HTML as sent and as the app leaves it, and accessible with every disclosure open.
    await page.evaluate(() => document.querySelectorAll('details').forEach((details) => (details.open = true)))
    expect(await axeViolations(page)).toEqual([])
    const served = await (await shop.fetch(path)).text()
    expect(await nuErrors({ [`${name}-served`]: served, [`${name}-${size}-live`]: await page.content() })).toEqual([])
    // Chromium reports a page answered with 404 as a failed load of the page itself; that one
    // line is expected there, and anything else (a missing picture or script) fails the test.
    const pageItself = `error: Failed to load resource: the server responded with a status of 404 (Not Found) (${shop.origin}${path})`
    expect(problems).toEqual(status === 404 ? [pageItself] : [])
    await page.context().close()
  })
})
