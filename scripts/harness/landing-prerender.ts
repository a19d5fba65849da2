import { SPECULATION_RULES } from '../../src/routes/speculation-rules.ts'

/**
 * The shop's rules with the landing page prerendered on intent ('Back to Store', the logo),
 * the prefetch as fallback: not served (src/routes/speculation-rules.ts says why), measured by
 * `npm run bench:speculation` and served by the engines tier's door, which checks that the
 * landing page is safe to prerender. Here, not beside the served rules, so that none of it
 * ships in the Worker.
 */
export const WITH_LANDING_PRERENDER = {
  prerender: [{ source: 'document', where: { href_matches: '/' }, eagerness: 'moderate' }],
  ...SPECULATION_RULES,
}
