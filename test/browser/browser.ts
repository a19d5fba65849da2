import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { mkdirSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { expect } from 'vitest'

const require = createRequire(import.meta.url)
export { DESKTOP, launchChromium, PHONE, SIZES } from '../../scripts/harness/chromium.ts'

export const SCREENSHOTS = 'test-results/screenshots'

const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export type Watched = {
  page: Page
  context: BrowserContext
  problems: string[]
  consoleLines: string[]
  /** Problems the test provoked on purpose (a 404 it asked for): not held against it. */
  expected: RegExp[]
}

/**
 * A page whose console errors, uncaught exceptions and React hydration complaints are
 * collected, so a test can assert there were none.
 */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  init?: (context: BrowserContext) => Promise<unknown>,
): Promise<Watched> {
  // The shop's Content-Security-Policy is enforced: a page that needs more fails here.
  const context = await browser.newContext({ viewport })
  if (init) await init(context)
  const page = await context.newPage()
  return watch(page, context)
}

/** Every page opened since the test began (watchEveryPage), with what went wrong in it. */
const pagesOfThisTest = new Map<Page, Watched>()

/**
 * Makes every context `browser` opens watch its pages, new tabs included, so that a console
 * error, an uncaught exception or a CSP violation in any of them fails the test that opened
 * it (shop-in-chromium.ts checks after each test), whether or not the test asks.
 */
export function watchEveryPage(browser: Browser) {
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (options) => {
    const context = await newContext(options)
    context.on('page', (page) => watch(page, context))
    return context
  }
}

/** The problems no test expected in the pages opened since the last call. */
export function unexpectedProblems(): string[] {
  const pages = [...pagesOfThisTest.values()]
  pagesOfThisTest.clear()
  return pages.flatMap((watched) =>
    watched.problems.filter((problem) => !watched.expected.some((pattern) => pattern.test(problem))),
  )
}

export function watch(page: Page, context: BrowserContext): Watched {
  const known = pagesOfThisTest.get(page)
  if (known) return known
  const problems: string[] = []
  const consoleLines: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    consoleLines.push(`${message.type()}: ${text}`)
    // With the address it is about, so a test can tell the page's own 404 from a missing picture's.
    const about = message.location().url
    if (message.type() === 'error' || /hydrat|Content Security Policy/i.test(text))
      problems.push(`${message.type()}: ${text}${about ? ` (${about})` : ''}`)
  })
  // A test's init script also runs in the blank page a new tab starts as, where there is
  // no storage to touch: that is the test's, not the shop's.
  page.on('pageerror', (error) => page.url() !== 'about:blank' && problems.push(`pageerror: ${error.message}`))
  const watched = { page, context, problems, consoleLines, expected: [] }
  pagesOfThisTest.set(page, watched)
  return watched
}

/** axe-core on the page as it stands; returns the violations, which tests expect to be none. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource) // through the DevTools protocol, which the page's CSP does not govern
  const result = (await page.evaluate(() =>
    (window as unknown as { axe: { run: () => Promise<unknown> } }).axe.run(),
  )) as {
    violations: { id: string; help: string; nodes: { target: string[] }[] }[]
  }
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  // A full-page shot does not scroll, so lazy pictures below the fold would show as their
  // placeholder boxes: scroll through the page as a shopper would, and let them arrive.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    scrollTo(0, 0)
  })
  await page
    .waitForFunction(
      () =>
        [...document.images]
          .filter((img) => img.loading === 'lazy' && img.getBoundingClientRect().height > 0)
          .every((img) => img.complete),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => {})
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true })
}

/** Waits for React to have hydrated the page (the client bundle marks the root). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

export function expectClean(watched: Watched) {
  expect(watched.problems).toEqual([])
}

/** A network of 100 ms latency that downloads `bytesPerSecond` (Chromium's own emulation). */
export async function throttle(context: BrowserContext, page: Page, bytesPerSecond: number) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 100,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: 40_000,
  })
}
