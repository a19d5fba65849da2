import { expect, test } from 'vitest'
import { claimDelivery, releaseDelivery, RefreshSlots } from '../../src/product/webhook-deliveries.ts'

/** What the Durable Object's storage does with a value: keeps a structured copy. */
function memoryStorage() {
  const values = new Map<string, unknown>()
  return {
    values,
    async get<T>(key: string) {
      return values.get(key) as T | undefined
    },
    async put(key: string, value: unknown) {
      values.set(key, structuredClone(value))
    },
  } as unknown as DurableObjectStorage & { values: Map<string, unknown> }
}

// A list that grows past its cap would one day pass the Durable Object's largest value
// ("Durable Objects", "Limits": 128 KiB a value on the key-value backend, more on SQLite)
// and make every delivery fail.
test('the memory of deliveries stays bounded however many arrive, at one second or at many', async () => {
  const storage = memoryStorage()
  // Five times the cap, half of them at one second.
  for (let i = 0; i < 1_000; i++) {
    const id = `${i}`.padStart(64, 'd') // the longest id the route takes
    const at = i < 500 ? 1_764_000_000_000 : 1_764_000_000_000 + i * 1000
    expect(await claimDelivery(storage, id, at, `${i}`.padStart(64, 'b'))).toBe('new')
  }
  const bytes = [...storage.values.values()].reduce((sum: number, value) => sum + JSON.stringify(value).length, 0)
  expect((storage.values.get('webhook-deliveries') as string[]).length).toBe(200)
  expect(bytes).toBeLessThan(20_000)
  const early = await claimDelivery(storage, 'late-copy-of-an-old-edit', 1_764_000_000_000, 'x')
  expect(early).toBe('not newer')
})

test('a released delivery is acted on again when Shopify retries it; a duplicate of a handled one is not', async () => {
  const storage = memoryStorage()
  expect(await claimDelivery(storage, 'a', 1000, 'body-a')).toBe('new')
  expect(await claimDelivery(storage, 'b', 2000, 'body-b')).toBe('new')
  await releaseDelivery(storage, 'b', 'body-b')
  expect(await claimDelivery(storage, 'b', 2000, 'body-b')).toBe('new') // the retry
  expect(await claimDelivery(storage, 'b', 2000, 'body-b')).toBe('seen')
  expect(await claimDelivery(storage, 'c', 2000, 'body-b')).toBe('not newer') // its body replayed
  expect(await claimDelivery(storage, 'a', 1000, 'body-a')).toBe('seen')
})

test('refresh slots: one at once, one waiting, the rest join it; the interval is the setting', () => {
  const slots = new RefreshSlots()
  expect(slots.claim(0, 24_000)).toBe(0)
  expect(slots.claim(1_000, 24_000)).toBe(23_000)
  expect(slots.claim(2_000, 24_000)).toBeNull()
  expect(slots.claim(23_999, 24_000)).toBeNull()
  expect(slots.claim(24_000, 24_000)).toBe(24_000) // the waiting one has started: the next slot
  expect(slots.claim(100_000, 2_000)).toBe(0)
})
