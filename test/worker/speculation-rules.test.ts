// The shop's Speculation Rules (src/routes/speculation-rules.ts): every page names them in a
// header, so no inline script and no change to the CSP; they prefetch the shop's own pages on
// intent and nothing that is not a page.
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PAGE_EXAMPLES } from '../../client/pages/pages.ts'
import { startShop, type Shop } from '../../scripts/harness/shop.ts'

describe('speculation rules', () => {
  let shop: Shop
  beforeAll(async () => {
    shop = await startShop()
  })
  afterAll(() => shop?.dispose())

  test.each(PAGE_EXAMPLES.map(({ path }) => path))(
    '%s names the rule set in a Speculation-Rules header, and its CSP is unchanged',
    async (path) => {
      const res = await shop.fetch(path)
      expect(res.headers.get('Speculation-Rules')).toBe('"/speculation-rules.json"')
      expect(res.headers.get('Content-Security-Policy')).not.toMatch(
        /inline-speculation-rules|unsafe-inline'[^;]*script|script-src[^;]*unsafe/,
      )
      expect(await res.text()).not.toContain('type="speculationrules"')
    },
  )

  test('the rule set is served as Chromium requires, and prefetches on intent the pages alone', async () => {
    const res = await shop.fetch('/speculation-rules.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('application/speculationrules+json')
    type Rule = { where: { and: unknown[] }; eagerness: string }
    const rules = (await res.json()) as { prefetch: Rule[]; prerender?: Rule[] }
    // Measured and left out: src/routes/speculation-rules.ts says why.
    expect(rules.prerender).toBeUndefined()
    for (const kind of ['prefetch'] as const) {
      expect(rules[kind], kind).toHaveLength(1)
      expect(rules[kind][0]!.eagerness, kind).toBe('moderate')
      const excluded = rules[kind][0]!.where.and.flatMap((rule) => {
        const not = (rule as { not?: { href_matches?: string } }).not
        return not?.href_matches ? [not.href_matches] : []
      })
      expect(excluded, kind).toEqual(expect.arrayContaining(['/checkout', '/cart/*', '/to-checkout/*', '/events']))
    }
  })
})
