// What the app starts once hydrated (once-hydrated.tsx), as one chunk.
import type { BrowserEvent } from '../analytics/vocabulary.ts'
import { startFieldAnalytics } from '../analytics/start.ts'
import { startCartEffects } from './cart-effects.ts'
import { followSheetHistory, openCartFromAddress } from './cart-door.ts'
import { noteArrival } from './attribution.ts'

/**
 * Starts the stored cart's effects and the field analytics once the page is shown: at once,
 * or, for a page Chromium prerendered on a shopper's intent (src/routes/speculation-rules.ts),
 * when the shopper goes to it. Until then a prerendered page reads no cart, writes none, notes
 * no arrival and counts no page view, and one never shown does none of it. Resolves to the effects' stop.
 */
export async function startBesideTheApp(page: string, tracked: BrowserEvent[]): Promise<() => void> {
  if ((document as { prerendering?: boolean }).prerendering)
    await new Promise((shown) => document.addEventListener('prerenderingchange', shown, { once: true }))
  // Before the field analytics, whose page view names where the shopper came from.
  noteArrival()
  startFieldAnalytics(page, tracked)
  const stopEffects = startCartEffects()
  const stopFollowing = followSheetHistory()
  openCartFromAddress()
  return () => {
    stopFollowing()
    stopEffects()
  }
}
