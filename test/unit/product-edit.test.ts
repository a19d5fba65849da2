import { expect, test } from 'vitest'
import {
  EDIT_FOLLOW_MS,
  followEditOnce,
  handOverIfLagging,
  refreshAndPurge,
  type EditSteps,
} from '../../src/product/product-edit.ts'

// What a claimed products/update delivery does (src/product/product-edit.ts), with a fake
// Shopify that shows the edit or not, a fake purge and a fake product store: one refresh and
// one purge, then an edit Shopify does not show yet is handed to the store at once, whose
// alarm alone follows it (test/worker/webhooks.test.ts plays that through the Worker).

function fakes({
  shows,
  purgeFails = false,
  storeFails = false,
}: {
  shows: boolean | 'fails'
  purgeFails?: boolean
  storeFails?: boolean
}) {
  const happened: string[] = []
  const steps: EditSteps = {
    refresh: async () => {
      happened.push('refresh')
      if (shows === 'fails') throw new Error('Shopify 503')
      return { showsEdit: shows }
    },
    purge: async () => {
      happened.push('purge')
      return !purgeFails
    },
    log: (level, message) => level !== 'info' && happened.push(`${level}: ${message}`),
    handOver: async () => {
      if (storeFails) throw new Error('Durable Object unreachable')
      happened.push('handed over')
    },
  }
  return { steps, happened, edit: async () => handOverIfLagging(steps, await refreshAndPurge(steps, 'now', [])) }
}

test('Shopify shows the edit at once: one refresh, one purge, nothing handed over', async () => {
  const { happened, edit } = fakes({ shows: true })
  await edit()
  expect(happened).toEqual(['refresh', 'purge'])
})

test('an edit Shopify does not show yet: purged at once all the same, then handed to the store, with no wait of its own', async () => {
  const { happened, edit } = fakes({ shows: false })
  await edit()
  expect(happened).toEqual(['refresh', 'purge', 'handed over'])
})

test('a refresh that fails counts as not shown: the pages are purged and the store follows the edit', async () => {
  const { happened, edit } = fakes({ shows: 'fails' })
  await edit()
  expect(happened).toEqual(['refresh', 'warn: refresh after webhook failed', 'purge', 'handed over'])
})

test('a purge that never goes through is an error for the owner, and nothing is handed over', async () => {
  const { happened, steps } = fakes({ shows: false, purgeFails: true })
  const outcome = await refreshAndPurge(steps, 'now', [])
  expect(outcome).toBeNull()
  await handOverIfLagging(steps, outcome)
  expect(happened).toEqual([
    'refresh',
    'purge',
    'error: product edit may not have reached the pages: purge failed on every try',
  ])
})

test('an edit the product store cannot take over is an error for the owner', async () => {
  const { happened, edit } = fakes({ shows: false, storeFails: true })
  await edit()
  expect(happened).toEqual([
    'refresh',
    'purge',
    'error: Shopify does not show the edit, and the product store could not follow it',
  ])
})

// The product store's alarm, the one follower of an edit Shopify does not show yet.
test('each alarm asks once: purged and done once Shopify shows the edit, else asked again', async () => {
  const shown = fakes({ shows: true })
  expect(await followEditOnce(shown.steps, false)).toBe('done')
  expect(shown.happened).toEqual(['refresh', 'purge'])
  const lagging = fakes({ shows: false })
  expect(await followEditOnce(lagging.steps, false)).toBe('again')
  expect(lagging.happened).toEqual(['refresh'])
  const refused = fakes({ shows: true, purgeFails: true })
  expect(await followEditOnce(refused.steps, false)).toBe('again')
})

test(`after ${EDIT_FOLLOW_MS / 60_000} min, the last alarm tells the owner what was left undone`, async () => {
  const never = fakes({ shows: false })
  expect(await followEditOnce(never.steps, true)).toBe('given up')
  expect(never.happened.at(-1)).toMatch(/^error: Shopify did not show the edit within 10 min of its webhook/)
  const unpurged = fakes({ shows: true, purgeFails: true })
  expect(await followEditOnce(unpurged.steps, true)).toBe('given up')
  expect(unpurged.happened.at(-1)).toBe('error: product edit may not have reached the pages: purge failed on every try')
})
