// The engines tier's one retry, on its own (no driver imported), so the unit tier tests it
// without loading Puppeteer and Selenium (test/unit/engine-retries.test.ts).
import { appendFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect } from 'vitest'

/** Where each engine test process notes a retry it needed; `npm test` prints them (retries-report.ts). */
export const RETRIES_LOG = join(tmpdir(), 'blanket-shop-engine-retries.log')
/** How long WebKitWebDriver may take to answer a script before it counts as unanswered: as `navigated` waits, and well inside a poll's 5 s. Every script the tests send is quick and safe to send twice. */
const UNANSWERED_MS = 2_000

/**
 * A script, asked again once if WebKitWebDriver leaves it unanswered: the one failure of the
 * driver's that was traced (docs/testing.md; the driver answers the next command). Nothing
 * else is retried, by this or by Vitest, and each retry is noted for the run's summary.
 */
export async function answered<T>(
  session: { executeScript<R>(script: string, ...args: unknown[]): Promise<R> },
  script: string,
  ...args: unknown[]
): Promise<T> {
  const ask = () =>
    Promise.race([
      session.executeScript<T>(script, ...args),
      new Promise<'unanswered'>((resolve) => setTimeout(resolve, UNANSWERED_MS, 'unanswered')),
    ])
  const first = await ask()
  if (first !== 'unanswered') return first
  appendFileSync(
    RETRIES_LOG,
    `webkit: a script left unanswered for ${UNANSWERED_MS} ms was asked again (${expect.getState().currentTestName ?? 'outside a test'})\n`,
  )
  const second = await ask()
  if (second === 'unanswered') throw new Error(`WebKitWebDriver left a script unanswered twice: ${script.slice(0, 80)}`)
  return second
}
