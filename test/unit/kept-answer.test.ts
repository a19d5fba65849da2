import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { KeptAnswer, type Lifetimes } from '../../src/product/kept-answer.ts'

// The one rule by which the product store keeps Shopify's answers (src/product/kept-answer.ts),
// the product's and each country's prices alike, on a fake clock and a storage in memory.

const LIFETIMES: Lifetimes = {
  freshSeconds: 60,
  staleWhileRevalidateSeconds: 600,
  staleIfErrorSeconds: 86_400,
  notFoundSeconds: 30,
}
beforeEach(() => vi.useFakeTimers({ now: 0 }))
afterEach(() => vi.useRealTimers())

function kept(failureMemoryMs = 0) {
  const stored = new Map<string, unknown>()
  const storage = {
    get: async (key: string) => stored.get(key),
    put: async (key: string, value: unknown) => void stored.set(key, value),
  } as unknown as DurableObjectStorage
  const kept: Promise<unknown>[] = []
  const answer = new KeptAnswer<string>(storage, 'k', (work) => kept.push(work), failureMemoryMs)
  let calls = 0
  let next: () => Promise<string> = async () => `answer ${++calls}`
  const read = (options: Partial<Parameters<typeof answer.read>[0]> = {}) =>
    answer.read({
      ask: () => next(),
      freshSeconds: () => LIFETIMES.freshSeconds,
      lifetimes: LIFETIMES,
      onBackgroundError: () => {},
      ...options,
    })
  return {
    answer,
    read,
    stored,
    kept,
    calls: () => calls,
    fail: (fails: boolean) => {
      next = fails ? async () => Promise.reject(new Error('Shopify 503')) : async () => `answer ${++calls}`
    },
  }
}
const at = (seconds: number) => vi.setSystemTime(seconds * 1000)

test('fresh, then stale and refreshed behind, then asked again; each kept in storage', async () => {
  const { read, stored, calls } = kept()
  expect(await read()).toMatchObject({ value: 'answer 1', outcome: 'MISS' })
  expect(stored.get('k')).toEqual({ storedAt: 0, value: 'answer 1' })
  at(59)
  expect(await read()).toMatchObject({ value: 'answer 1', outcome: 'HIT' })
  at(61)
  expect(await read()).toMatchObject({ value: 'answer 1', outcome: 'STALE' })
  await vi.waitFor(() => expect(calls()).toBe(2))
  expect(await read()).toMatchObject({ value: 'answer 2', outcome: 'HIT' })
})

test('one call at a time: readers meanwhile share it, and the object keeps it up', async () => {
  const { read, calls, kept: keptUp } = kept()
  const [a, b] = await Promise.all([read(), read()])
  expect([a?.value, b?.value, calls(), keptUp.length]).toEqual(['answer 1', 'answer 1', 1, 1])
})

test('while Shopify fails: an old answer stands in up to stale-if-error, then the failure is thrown', async () => {
  const { read, fail } = kept()
  await read()
  fail(true)
  at(61 + 600)
  expect(await read()).toMatchObject({ value: 'answer 1', outcome: 'STALE-IF-ERROR' })
  at(60 + 86_400 + 1)
  await expect(read()).rejects.toThrow('Shopify 503')
})

test('a failure remembered: within the memory no reader waits on a call of its own', async () => {
  const { read, fail, calls } = kept(5_000)
  fail(true)
  await expect(read()).rejects.toThrow('Shopify 503')
  await expect(read()).rejects.toThrow(/within the last 5000 ms/)
  fail(false)
  at(4)
  await expect(read()).rejects.toThrow(/within the last 5000 ms/)
  at(6)
  expect(await read()).toMatchObject({ value: 'answer 1', outcome: 'MISS' })
  expect(calls()).toBe(1)
})

test('what may not stand in (a not-found) is neither served stale nor on error; a call nothing stands in for may be refused', async () => {
  const { read, fail } = kept()
  const notFound = { standsIn: () => false, freshSeconds: () => LIFETIMES.notFoundSeconds }
  await read(notFound)
  at(31)
  fail(true)
  await expect(read(notFound)).rejects.toThrow('Shopify 503')
  expect(await read({ ...notFound, mayAsk: async () => false })).toBeNull()
})

test('expire: what is kept is made older, never younger', async () => {
  const { answer, read } = kept()
  at(100)
  await read()
  await answer.expire(50_000)
  expect((await answer.load())?.storedAt).toBe(50_000)
  await answer.expire(90_000)
  expect((await answer.load())?.storedAt).toBe(50_000)
})
