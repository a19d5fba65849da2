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

/** That browser, with flags that work offline. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
}
