import { serve } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { createStorefrontDouble, type StorefrontDouble } from './storefront-double.ts'

export type RunningDouble = { double: StorefrontDouble; origin: string; close: () => Promise<void> }

/** Serves the Storefront double on loopback; port 0 picks a free one. */
export function startStorefrontDouble(port = 0): Promise<RunningDouble> {
  const double = createStorefrontDouble()
  return new Promise((resolve) => {
    const server = serve({ fetch: double.fetch, port, hostname: '127.0.0.1' }, (info: AddressInfo) => {
      resolve({
        double,
        origin: `http://127.0.0.1:${info.port}`,
        close: () => new Promise((done) => server.close(() => done())),
      })
    })
  })
}
