import { expect, test } from 'vitest'
import {
  followEditOnce,
  handOverIfLagging,
  refreshAndPurge,
  type FollowSteps,
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
  shows: boolean | 'fails' | 'gone'
  purgeFails?: boolean
  storeFails?: boolean
}) {
  const happened: string[] = []
  const steps: EditSteps & FollowSteps = {
    refresh: async () => {
      happened.push('refresh')
      if (shows === 'fails') throw new Error('Shopify 503')
      return shows === 'gone' ? { showsEdit: true, gone: true } : { showsEdit: shows }
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
    tellOwner: async (id, text) => {
      happened.push(`told ${id}: ${text}`)
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

test('a refresh that fails (Shopify down): nothing purged, so the pages keep what they show; the store follows the edit', async () => {
  const { happened, steps } = fakes({ shows: 'fails' })
  const outcome = await refreshAndPurge(steps, 'now', [])
  expect(outcome).toEqual({ showsEdit: false, purged: false })
  await handOverIfLagging(steps, outcome)
  expect(happened).toEqual(['refresh', 'warn: refresh after webhook failed', 'handed over'])
})

test('a product Shopify no longer shows: purged, so its pages answer as not found, with one line, and not followed', async () => {
  const { happened, edit } = fakes({ shows: 'gone' })
  await edit()
  expect(happened).toEqual([
    'refresh',
    'warn: Shopify no longer shows the product (draft, archived or unpublished): its pages answer as not found',
    'purge',
  ])
  const alarm = fakes({ shows: 'gone' })
  expect(await followEditOnce(alarm.steps, { lastTry: false, edit: "of 'x'", followMs: 600_000 })).toBe('done')
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
const follow = (lastTry: boolean) => ({ lastTry, edit: "of 'toddler-blanket' (delivery d-1)", followMs: 600_000 })

test('each alarm asks once: purged and done once Shopify shows the edit, else asked again', async () => {
  const shown = fakes({ shows: true })
  expect(await followEditOnce(shown.steps, follow(false))).toBe('done')
  expect(shown.happened).toEqual(['refresh', 'purge'])
  const lagging = fakes({ shows: false })
  expect(await followEditOnce(lagging.steps, follow(false))).toBe('again')
  expect(lagging.happened).toEqual(['refresh'])
  const refused = fakes({ shows: true, purgeFails: true })
  expect(await followEditOnce(refused.steps, follow(false))).toBe('again')
  const down = fakes({ shows: 'fails' })
  expect(await followEditOnce(down.steps, follow(false))).toBe('again')
  expect(down.happened).not.toContain('purge')
})

test('after the follow time, the last alarm tells the owner what was left undone, in the log and once at ALERT_WEBHOOK_URL', async () => {
  const never = fakes({ shows: false })
  expect(await followEditOnce(never.steps, follow(true))).toBe('given up')
  const text =
    "Shopify did not show the product edit of 'toddler-blanket' (delivery d-1) within 10 min of its webhook. " +
    'The pages show it once Shopify does and the product cache expires (PRODUCT_CACHE_FRESH_SECONDS).'
  expect(never.happened.slice(1)).toEqual([`error: ${text}`, `told edit:of 'toddler-blanket' (delivery d-1): ${text}`])
  const down = fakes({ shows: 'fails' })
  expect(await followEditOnce(down.steps, follow(true))).toBe('given up')
  expect(down.happened.at(-1)).toContain('within 10 min of its webhook, nor answer at all.')
  const unpurged = fakes({ shows: true, purgeFails: true })
  expect(await followEditOnce(unpurged.steps, follow(true))).toBe('given up')
  expect(unpurged.happened.at(-1)).toMatch(/^told edit:.*: The product edit .* may not have reached the pages/)
})
