import { Hono } from 'hono'
import type { AppEnv } from '../app-env.ts'

/**
 * The shop's Speculation Rules, which every page names in a `Speculation-Rules` header
 * (render/render-page.tsx) rather than in an inline script, so the CSP stays as it is.
 * Cloudflare's own speculation, Speed Brain, sends its rules in the same header but only
 * for pages that do not invoke a Worker (docs: 'Speed Brain', Requirements:
 * developers.cloudflare.com/speed/optimization/content/speed-brain/), so the shop sends its own.
 *
 * On intent ('moderate': a pointer resting on a link, or a tap starting on it), the shop's
 * own pages are prefetched: HTML fetched early, which runs nothing until the shopper goes
 * there. Not prerendered: measured against a prerender of the landing page
 * (scripts/harness/landing-prerender.ts, `npm run bench:speculation`, bench/README.md), the
 * prerender painted the page no sooner for a pointer resting a second on the link, and later
 * for a tap or a shorter rest, so it would cost most shoppers time and save none. A
 * prerendered page would be safe: it reads no stored cart and sends no beacon until shown
 * (client/browser/after-hydration.ts), which the engines tier checks, Back and Forward after
 * it included, in a prerender the test serves itself.
 *
 * Chromium reads the header; Firefox and Safari, which have no Speculation Rules, ignore it.
 */
export const SPECULATION_RULES_PATH = '/speculation-rules.json'

const SHOP_PAGES = {
  and: [
    { href_matches: '/*' },
    // Not pages: the checkout's POST endpoint, the cart's status and the checkout tab's page.
    { not: { href_matches: '/checkout' } },
    { not: { href_matches: '/cart/*' } },
    { not: { href_matches: '/to-checkout/*' } },
    { not: { href_matches: '/events' } },
    { not: { selector_matches: '[rel~="nofollow"]' } },
  ],
}

export const SPECULATION_RULES = {
  prefetch: [{ source: 'document', where: SHOP_PAGES, eagerness: 'moderate' }],
}

const BODY = JSON.stringify(SPECULATION_RULES)

/** GET /speculation-rules.json, with the type Chromium requires of a rule set. */
export const speculationRules = new Hono<AppEnv>().get('/', (c) =>
  c.body(BODY, 200, {
    'Content-Type': 'application/speculationrules+json',
    'Cache-Control': 'public, max-age=3600',
  }),
)
