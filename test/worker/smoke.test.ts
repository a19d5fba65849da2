import { afterAll, beforeAll, expect, test } from 'vitest'
import { startShop, type Shop } from './harness'

let shop: Shop
beforeAll(async () => {
  shop = await startShop()
})
afterAll(() => shop?.dispose())

test('smoke', async () => {
  const res = await shop.fetch('/product/toddler-blanket')
  const html = await res.text()
  console.log(res.status, html.slice(0, 3000))
  console.log(shop.logs)
  expect(res.status).toBe(200)
})
