import { expect, test } from 'vitest'
import { followLaggingEdit, MAX_REFETCHES, refreshAndPurge, type EditSteps } from '../../src/product/product-edit.ts'

// What a claimed products/update delivery does (src/product/product-edit.ts), with a fake
// clock, a fake Shopify that shows the edit from `showsAt`, and a fake purge.

function fakes({
  showsAt,
  purgeFails = () => false,
  storeFails = false,
}: {
  showsAt: number
  purgeFails?: (at: number) => boolean
  storeFails?: boolean
}) {
  let now = 0
  const happened: string[] = []
  const steps: EditSteps = {
    refresh: async () => ({ showsEdit: now >= showsAt }),
    purge: async () => {
      happened.push(`purge@${now}`)
      return !purgeFails(now)
    },
    log: (level, message) => level !== 'info' && happened.push(`${level}: ${message}`),
    sleep: async (ms) => void (now += ms),
    now: () => now,
    handOver: async () => {
      if (storeFails) throw new Error('Durable Object unreachable')
      happened.push(`handed over@${now}`)
    },
  }
  return { steps, happened, at: () => now }
}

test('Shopify shows the edit at once: one refresh, one purge', async () => {
  const { steps, happened } = fakes({ showsAt: 0 })
  const first = await refreshAndPurge(steps, 'now', [])
  expect(await followLaggingEdit(steps, first, { delayMs: 10_000, deadline: 26_000 })).toEqual({ showsEdit: true })
  expect(happened).toEqual(['purge@0'])
})

// The refetch waits for this edit, not for any change: an answer that changed for another
// edit in flight is not this one.
test('an edit Shopify shows 6 s late reaches the pages at the first refetch after it', async () => {
  const { steps, happened } = fakes({ showsAt: 6_000 })
  expect(
    await followLaggingEdit(steps, await refreshAndPurge(steps, 'now', []), { delayMs: 10_000, deadline: 26_000 }),
  ).toEqual({ showsEdit: true })
  expect(happened).toEqual(['purge@0', 'purge@10000'])
})

test('an edit that lags longer is asked for until it shows, while the budget lasts; only the answer that shows it is purged', async () => {
  const { steps, happened } = fakes({ showsAt: 21_000 })
  expect(
    await followLaggingEdit(steps, await refreshAndPurge(steps, 'now', []), { delayMs: 10_000, deadline: 26_000 }),
  ).toEqual({ showsEdit: true })
  expect(happened).toEqual(['purge@0', 'purge@26000'])
})

test(`whatever the delay, at most ${MAX_REFETCHES} refetches`, async () => {
  const { steps, happened, at } = fakes({ showsAt: Infinity })
  let calls = 0
  const counted: EditSteps = { ...steps, refresh: () => (calls++, steps.refresh()) }
  await followLaggingEdit(counted, await refreshAndPurge(counted, 'now', []), { delayMs: 5, deadline: 26_000 })
  expect(calls).toBe(1 + MAX_REFETCHES)
  expect(at()).toBe(5 * MAX_REFETCHES)
  expect(happened).toEqual(['purge@0', `handed over@${5 * MAX_REFETCHES}`])
})

test("an edit Shopify does not show in waitUntil's time is handed to the product's store; a purge that never goes through is an error for the owner", async () => {
  const late = fakes({ showsAt: 60_000 })
  expect(
    await followLaggingEdit(late.steps, await refreshAndPurge(late.steps, 'now', []), {
      delayMs: 10_000,
      deadline: 26_000,
    }),
  ).toEqual({ showsEdit: false })
  expect(late.happened.at(-1)).toBe('handed over@26000')
  expect(late.at()).toBe(26_000)
  expect(late.happened.filter((line) => line.startsWith('purge'))).toEqual(['purge@0'])

  const refused = fakes({ showsAt: 6_000, purgeFails: (at) => at > 0 })
  expect(
    await followLaggingEdit(refused.steps, await refreshAndPurge(refused.steps, 'now', []), {
      delayMs: 10_000,
      deadline: 26_000,
    }),
  ).toBeNull()
  expect(refused.happened).toEqual([
    'purge@0',
    'purge@10000',
    'error: product edit may not have reached the pages: purge failed on every try',
  ])
})

test('a refresh that fails counts as not shown, and is asked again', async () => {
  const { steps, happened } = fakes({ showsAt: 0 })
  let calls = 0
  const flaky: EditSteps = {
    ...steps,
    refresh: async () => (++calls === 1 ? Promise.reject(new Error('Shopify 503')) : steps.refresh()),
  }
  expect(
    await followLaggingEdit(flaky, await refreshAndPurge(flaky, 'now', []), { delayMs: 10_000, deadline: 26_000 }),
  ).toEqual({ showsEdit: true })
  expect(happened).toEqual(['warn: refresh after webhook failed', 'purge@0', 'purge@10000'])
})

test('an edit the product store cannot take over is an error for the owner', async () => {
  const { steps, happened } = fakes({ showsAt: Infinity, storeFails: true })
  await followLaggingEdit(steps, await refreshAndPurge(steps, 'now', []), { delayMs: 10_000, deadline: 26_000 })
  expect(happened).toEqual([
    'purge@0',
    'error: Shopify does not show the edit, and the product store could not follow it',
  ])
})
