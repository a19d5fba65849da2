import { existsSync, readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { REPORT_PATH } from '../../src/local/analytics.ts'
import { PURGE_PATH } from '../../src/local/workers-cache.ts'

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

test('the production bundle holds nothing only a test would read: CheckoutHealth has no status() and counts no observations', () => {
  const code = readFileSync('dist/production/index.js', 'utf8')
  expect(code).toMatch(/async alarm\(\)\s*\{/)
  expect(code).not.toMatch(/async status\(\)\s*\{/)
  expect(code).not.toMatch(/\bobserved\b/)
})

/** What esbuild's metafile (wrangler's --metafile) says of each input file: what it imports. */
type Metafile = { inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }> }

/**
 * The shop's own source files a cold product request reaches, from the production build's
 * esbuild metafile: the imports from src/index.ts, leaving out the other routes (the POST
 * endpoints: checkout, cart status, webhooks, events; the market answer, the UCP proxies and their rules), the scheduled checkout check
 * (src/monitoring/), the other pages and the cart sheet (imported on demand). The page metas'
 * template import counts the product page's only. What a newcomer reads to follow one request.
 */
function filesAColdProductRequestReaches(meta: Metafile): string[] {
  const otherRoutes =
    /^src\/routes\/(checkout|cart-status|webhooks|events|market|ucp|ucp-proxy|doors|product-markdown)\.ts$|^src\/monitoring\//
  const reached = new Set<string>()
  const walk = (path: string) => {
    if (reached.has(path) || !meta.inputs[path] || otherRoutes.test(path)) return
    reached.add(path)
    for (const { path: target, kind, external } of meta.inputs[path].imports) {
      if (target.includes('*')) walk('client/pages/product/meta.ts')
      else if (!external && (kind !== 'dynamic-import' || target.startsWith('client/pages/product/'))) walk(target)
    }
  }
  walk('src/index.ts')
  return [...reached].filter((path) => /^(src|client)\//.test(path))
}

test("the docs' count of the files a cold product request reaches is the build's", () => {
  const meta = JSON.parse(readFileSync('dist/production/meta.json', 'utf8')) as Metafile
  const files = filesAColdProductRequestReaches(meta)
  expect(files).toContain('client/pages/product/meta.ts')
  expect(files).not.toContain('client/components/CartDrawer.tsx')
  const stated = /A cold product request reaches (\d+) of the shop's own source files/.exec(
    readFileSync('docs/architecture.md', 'utf8'),
  )?.[1]
  expect(stated, files.sort().join('\n')).toBe(String(files.length))
})
