import { afterEach, expect, test, vi } from 'vitest'
import { postAlert } from '../../src/monitoring/alerts.ts'

// What a post's outcome allows next (src/monitoring/alerts.ts): a post that may have arrived
// is never sent again on the spot.

afterEach(() => vi.unstubAllGlobals())
const alert = { id: 'check-http-0:opened', text: 'Checkout is broken' }

test('a post with no answer in time may have arrived: it is not tried again', async () => {
  const fetch = vi.fn(() => Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')))
  vi.stubGlobal('fetch', fetch)
  const failures: unknown[] = []
  expect(await postAlert('https://hooks.example/x', alert, (_attempt, error) => failures.push(error))).toBe('unknown')
  expect(fetch).toHaveBeenCalledTimes(1)
  expect(failures).toHaveLength(1)
})

test('a post that is answered carries the alert id as its Idempotency-Key, and the text for Slack, Teams and Discord', async () => {
  const fetch = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(new Response(null, { status: 200 })))
  vi.stubGlobal('fetch', fetch)
  expect(await postAlert('https://hooks.example/x', alert, () => {})).toBe('delivered')
  const init = fetch.mock.calls[0]![1]
  expect(new Headers(init.headers).get('Idempotency-Key')).toBe('check-http-0:opened')
  expect(JSON.parse(init.body as string)).toEqual({ text: 'Checkout is broken', content: 'Checkout is broken' })
})
