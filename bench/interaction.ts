// How long a tap takes to show its effect once the app is live, on a phone-sized Chromium
// with its CPU slowed 4× (as Lighthouse's mobile runs): the longest Event Timing entry of the
// interaction, from the input to the next paint, which is what INP reports for a page with
// one interaction. Chromium reports only entries of 16 ms and more, so 0 means under 16 ms.
import type { Browser, Locator, Page } from 'playwright-core'
import { PHONE } from '../scripts/harness/chromium.ts'

const CPU_SLOWDOWN = 4

export async function measureTap(
  browser: Browser,
  url: string,
  target: (page: Page) => Locator,
  runs = 5,
): Promise<number> {
  const durations: number[] = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: PHONE })
    try {
      const page = await context.newPage()
      const cdp = await context.newCDPSession(page)
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
      await page.goto(url)
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
        timeout: 60_000,
      })
      await page.waitForLoadState('networkidle')
      await page.evaluate(() => {
        const w = window as unknown as { longestInteraction: number }
        w.longestInteraction = 0
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { interactionId?: number })[]) {
            if (entry.interactionId) w.longestInteraction = Math.max(w.longestInteraction, entry.duration)
          }
        }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
      })
      await target(page).click()
      await page.waitForTimeout(1000) // the entry is reported after the next paint
      durations.push(
        await page.evaluate(() => (window as unknown as { longestInteraction: number }).longestInteraction),
      )
    } finally {
      await context.close()
    }
  }
  return [...durations].sort((a, b) => a - b)[Math.floor(durations.length / 2)]!
}
