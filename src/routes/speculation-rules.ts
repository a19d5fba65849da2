import { Hono } from 'hono'
import type { AppEnv } from '../app-env'

/**
 * The shop's Speculation Rules, which every page names in a `Speculation-Rules` header
 * (render/render-page.tsx) rather than in an inline script, so the CSP stays as it is.
 * Cloudflare's own speculation, Speed Brain, sends its rules in the same header but only
 * for pages that do not invoke a Worker (docs: 'Speed Brain', Requirements:
 * developers.cloudflare.com/speed/optimization/content/speed-brain/), so the shop sends its own.
 *
 * Prefetch only, on intent ('moderate': a pointer resting on a link, or a tap starting on
 * it), for the shop's own pages: a prefetched page is HTML fetched early, which runs no
 * script, so it counts no page view, touches no cart and sends no beacon until the shopper
 * goes there. No prerender: a prerendered page runs its app, which reads and keeps the cart
 * and starts the field analytics before it is shown (docs/architecture.md).
 *
 * Chromium reads the header; Firefox and Safari, which have no Speculation Rules, ignore it.
 */
export const SPECULATION_RULES_PATH = '/speculation-rules.json'

export const SPECULATION_RULES = {
  prefetch: [
    {
      source: 'document',
      where: {
        and: [
          { href_matches: '/*' },
          // Not pages: the checkout's POST endpoint, the cart's status and the checkout tab's page.
          { not: { href_matches: '/checkout' } },
          { not: { href_matches: '/cart/*' } },
          { not: { href_matches: '/to-checkout/*' } },
          { not: { href_matches: '/events' } },
          { not: { selector_matches: '[rel~="nofollow"]' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
}

/** GET /speculation-rules.json, with the type Chromium requires of a rule set. */
export const speculationRules = new Hono<AppEnv>().get('/', (c) =>
  c.body(JSON.stringify(SPECULATION_RULES), 200, {
    'Content-Type': 'application/speculationrules+json',
    'Cache-Control': 'public, max-age=3600',
  }),
)
