// Chromium for the browser tests and the bench; no vitest here, so the bench can use it too.
import { existsSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 900 }
export const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const

/** Where a Chromium or Chrome already on the machine lives, in the order they are tried. */
const INSTALLED = [
  '/usr/bin/chromium', // Debian's, which .ci/run installs
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
]

/**
 * The browser the tests drive, never one downloaded for them: CHROME_PATH when set, else a
 * Chromium or Chrome the machine has (Debian's first), else one Playwright installed before.
 * None: one line says what to install.
 */
export function chromiumPath(env: Record<string, string | undefined> = process.env, exists: (path: string) => boolean = existsSync): string {
  if (env.CHROME_PATH) return env.CHROME_PATH
  const playwrights = (() => {
    try {
      return chromium.executablePath()
    } catch {
      return ''
    }
  })()
  const found = [...INSTALLED, playwrights].find((path) => path && exists(path))
  if (!found) throw new Error('No Chromium found: install Chromium or Google Chrome (Debian: apt-get install chromium), or set CHROME_PATH to one.')
  return found
}

/** That browser, with flags that work offline. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
}
