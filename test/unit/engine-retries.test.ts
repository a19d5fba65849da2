import { existsSync, readFileSync, rmSync } from 'node:fs'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { answered, RETRIES_LOG } from '../engines/answered.ts'

// The engines tier's one retry (test/engines/answered.ts): a script WebKitWebDriver leaves
// unanswered is asked once more, and noted for the run's summary; nothing else is.

// The 2 s a script is given run on a fake clock: the test makes them pass, it does not wait them out.
beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  vi.useRealTimers()
  rmSync(RETRIES_LOG, { force: true })
})

/** A session whose first `unanswered` scripts never come back, as the traced driver did. */
const session = (unanswered: number) => {
  let asked = 0
  return { executeScript: (() => (++asked <= unanswered ? new Promise(() => {}) : Promise.resolve(asked))) as never }
}

test('a script left unanswered is asked again once, and the retry is noted with the test', async () => {
  const asked = answered(session(1), 'return 1')
  await vi.advanceTimersByTimeAsync(2_000)
  expect(await asked).toBe(2)
  expect(readFileSync(RETRIES_LOG, 'utf8')).toMatch(
    /^webkit: a script left unanswered for 2000 ms was asked again \(a script left unanswered/,
  )
})

test('an answered script is not retried or noted; one unanswered twice fails the test', async () => {
  expect(await answered(session(0), 'return 1')).toBe(1)
  expect(existsSync(RETRIES_LOG)).toBe(false)
  const twice = expect(answered(session(2), 'return document.title')).rejects.toThrow(
    'WebKitWebDriver left a script unanswered twice: return document.title',
  )
  await vi.advanceTimersByTimeAsync(4_000)
  await twice
})
