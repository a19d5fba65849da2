import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { mkdirSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { expect } from 'vitest'

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 900 }
export const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const

export const SCREENSHOTS = 'test-results/screenshots'

/** Debian's Chromium, never a downloaded one, with flags that work offline. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
}

export type Watched = { page: Page; context: BrowserContext; problems: string[]; consoleLines: string[] }

/**
 * A page whose console errors, uncaught exceptions and React hydration complaints are
 * collected, so a test can assert there were none.
 */
export async function openPage(browser: Browser, viewport: { width: number; height: number }, init?: (context: BrowserContext) => Promise<unknown>): Promise<Watched> {
  // The shop's Content-Security-Policy is enforced: a page that needs more fails here.
  const context = await browser.newContext({ viewport })
  if (init) await init(context)
  const page = await context.newPage()
  return watch(page, context)
}

export function watch(page: Page, context: BrowserContext): Watched {
  const problems: string[] = []
  const consoleLines: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    consoleLines.push(`${message.type()}: ${text}`)
    if (message.type() === 'error' || /hydrat|Content Security Policy/i.test(text)) problems.push(`${message.type()}: ${text}`)
  })
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  return { page, context, problems, consoleLines }
}

/** axe-core on the page as it stands; returns the violations, which tests expect to be none. */
export async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource) // through the DevTools protocol, which the page's CSP does not govern
  const result = (await page.evaluate(() => (window as unknown as { axe: { run: () => Promise<unknown> } }).axe.run())) as {
    violations: { id: string; help: string; nodes: { target: string[] }[] }[]
  }
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)
}

export async function screenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true })
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, fullPage: true })
}

/** Waits for React to have hydrated the page (the client bundle marks the root). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true')
}

export function expectClean(watched: Watched) {
  expect(watched.problems).toEqual([])
}
