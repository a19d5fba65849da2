import { getDefaultStore } from 'jotai'
import { useEffect } from 'react'
import { storedCartStateAtom } from '../cart/cart-atoms.ts'
import { lost } from '../cart/stored-cart-state.ts'
import { tracked } from '../analytics/track.ts'
import { lostCode } from '../lib/lost-code.ts'
import type { PageName } from '../pages/pages.ts'

// Its own module, not the entry's: React Refresh wraps a module that defines a component,
// and under `npm run dev` the wrapper would evaluate the entry a second time.

/**
 * Renders nothing; once the page's shell has hydrated, starts what runs beside the app, in
 * one chunk off the critical path (after-hydration.ts): the stored cart, read and kept
 * saved (cart-effects.ts), and the field analytics (analytics/start.ts).
 */
export function OnceHydrated({ page }: { page: PageName }) {
  useEffect(() => {
    let stop: (() => void) | undefined
    let unmounted = false
    import('./after-hydration.ts').then(
      // Stopped at once if the page left meanwhile.
      ({ startBesideTheApp }) =>
        startBesideTheApp(page, tracked).then((stopping) => {
          if (unmounted) stopping()
          else stop = stopping
        }),
      // Its code did not come (lib/lost-code.ts): the cart carries on in memory for the visit.
      (error: unknown) => {
        console.warn('Cart effects lost', error)
        const store = getDefaultStore()
        store.set(storedCartStateAtom, lost(store.get(storedCartStateAtom)))
        void lostCode()
      },
    )
    return () => {
      unmounted = true
      stop?.()
    }
  }, [page])
  return null
}
