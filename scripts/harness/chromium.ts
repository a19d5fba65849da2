// Chromium for the browser tests and the bench; no vitest here, so the bench can use it too.
import { chromium, type Browser } from 'playwright-core'
import { findProgram } from './programs.ts'

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 900 }
export const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const

/** The Chromium the tests drive (programs.ts finds it: CHROME_PATH first); none, one line says what to install. */
export function chromiumPath(): string {
  const found = findProgram('chromium')
  if ('missing' in found) throw new Error(found.missing)
  return found.path
}

/**
 * The flags every Chromium the tests and the bench start takes, which work offline: without
 * the background-networking ones Chromium's own connections are refused by a closed network,
 * many at a time. Headless mode is each launcher's own (Playwright's, Puppeteer's, Lighthouse's).
 */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/** That browser, with flags that work offline. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: ['--headless', ...chromiumArgs] })
}
