import { readFileSync, writeFileSync } from 'node:fs'

// The budget for the JavaScript a page loads before it can hydrate, in gzip bytes, which
// test/worker/routes.test.ts holds every build to. It is a ratchet: `npm run bench` lowers
// it to what it measured plus HEADROOM_BYTES whenever that is lower, and never raises it,
// so a change can spend the headroom but the next bench run takes back what it did not
// use. Raise it only by hand, with the reason in the commit.
//
// Issue 4's target was 75 KB (76,800 bytes). The budget sits above it since the cart's
// effects moved to jotai-effect: its code is lazy, but it reads jotai's internals through
// `import * as`, which keeps every export of them in the framework chunk (+653 bytes,
// measured), and the carousels wait to hydrate until they come near the screen (+218 bytes).

const FILE = new URL('budget.json', import.meta.url)
export const HEADROOM_BYTES = 2048

// The pictures a phone (390×844 at 2.625) loads in each page's first view, in bytes, held by
// test/browser/pictures.test.ts and ratcheted the same way with PICTURE_HEADROOM_BYTES.
export const PICTURE_HEADROOM_BYTES = 10 * 1024

export type Budget = { criticalJsGzip: Record<string, number>; picturesFirstViewPhone: Record<string, number> }

export function readBudget(): Budget {
  return JSON.parse(readFileSync(FILE, 'utf8')) as Budget
}

/** Lowers each page's budgets to what was measured plus the headroom, where that is lower. */
export function ratchetBudget(
  criticalJs: Record<string, number>,
  picturesFirstViewPhone: Record<string, number>,
): Budget {
  const budget = readBudget()
  for (const [page, bytes] of Object.entries(criticalJs)) {
    budget.criticalJsGzip[page] = Math.min(budget.criticalJsGzip[page] ?? Infinity, bytes + HEADROOM_BYTES)
  }
  for (const [page, bytes] of Object.entries(picturesFirstViewPhone)) {
    budget.picturesFirstViewPhone[page] = Math.min(
      budget.picturesFirstViewPhone[page] ?? Infinity,
      bytes + PICTURE_HEADROOM_BYTES,
    )
  }
  writeFileSync(FILE, `${JSON.stringify(budget, null, 2)}\n`)
  return budget
}
