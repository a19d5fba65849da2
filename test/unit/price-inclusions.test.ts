import { expect, test, vi } from 'vitest'
import type { StorefrontConfig } from '../../src/config.ts'
import {
  disagreement,
  MAX_ADMIN_ANSWER_BYTES,
  readShopifyInclusions,
  type ShopifyInclusions,
} from '../../src/monitoring/price-inclusions.ts'

// The owner's alert when the tax words part from Shopify's market settings: each country that
// differs, either way, for tax and duties, and the settings that would agree.

const SHOPIFY: ShopifyInclusions = new Map([
  ['US', { market: 'United States', tax: false, duties: false }],
  ['DE', { market: 'Europe', tax: true, duties: false }],
  ['FR', { market: 'Europe', tax: true, duties: false }],
  ['GB', { market: 'United Kingdom', tax: true, duties: true }],
])

test('settings that say what Shopify does: nothing to tell; a country of no market does not count', () => {
  expect(disagreement({ taxIncludedIn: ['DE', 'FR', 'GB'], dutiesIncludedIn: ['GB'] }, SHOPIFY)).toBeNull()
  expect(disagreement({ taxIncludedIn: ['DE', 'FR', 'GB', 'JP'], dutiesIncludedIn: ['GB'] }, SHOPIFY)).toBeNull()
})

test('each difference is named, tax and duties, either way, with the settings that agree', () => {
  const text = disagreement({ taxIncludedIn: ['DE', 'US', 'GB'], dutiesIncludedIn: [] }, SHOPIFY)!
  expect(text).toContain(
    "in FR the pages say prices exclude tax, but Shopify's market 'Europe' includes it in the price",
  )
  expect(text).toContain(
    "in US the pages say prices include tax, but Shopify's market 'United States' adds it at checkout",
  )
  expect(text).toContain(
    "in GB the pages say prices exclude duties, but Shopify's market 'United Kingdom' includes them",
  )
  expect(text).not.toContain('in DE')
  expect(text).toContain('Set PRICES_INCLUDE_TAX = "DE,FR,GB" and PRICES_INCLUDE_DUTIES = "GB"')
})

test('an Admin API answer past the cap is given up while it streams, not read whole', async () => {
  let sent = 0
  const chunk = new Uint8Array(64 * 1024).fill(32)
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      sent += chunk.byteLength
      controller.enqueue(chunk)
    },
  })
  const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(endless, { status: 200 }))
  try {
    await expect(
      readShopifyInclusions({ origin: 'https://shop.example', timeoutMs: 1_000 } as StorefrontConfig, 'token'),
    ).rejects.toThrow(`the Admin API answered with more than ${MAX_ADMIN_ANSWER_BYTES} bytes`)
    expect(sent).toBeLessThan(MAX_ADMIN_ANSWER_BYTES + 4 * chunk.byteLength)
  } finally {
    fetch.mockRestore()
  }
})
