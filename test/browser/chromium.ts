// Chromium for the browser tests and the bench; no vitest here, so the bench can use it too.
import { chromium, type Browser } from 'playwright-core'

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1280, height: 900 }
export const SIZES = [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const

/** Debian's Chromium, never a downloaded one, with flags that work offline. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  })
}
