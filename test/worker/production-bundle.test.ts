import { existsSync, readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { REPORT_PATH } from '../../src/local/analytics'
import { PURGE_PATH } from '../../src/local/workers-cache'

test('the production bundle (`npm test` builds it with `wrangler deploy --dry-run --env production`) has no local stand-in in it', () => {
  const bundle = 'dist/production/index.js'
  expect(existsSync(bundle), `${bundle} is missing: run \`npm run build:production\``).toBe(true)
  const code = readFileSync(bundle, 'utf8')
  expect(code).toContain('Cloudflare-CDN-Cache-Control')
  expect(code).not.toContain(PURGE_PATH)
  expect(code).not.toContain('WORKERS_CACHE_PEERS')
  // The field analytics go to Analytics Engine itself: the stand-in and its read-back are not here.
  expect(code).toContain('writeDataPoint')
  expect(code).not.toContain(REPORT_PATH)
})
