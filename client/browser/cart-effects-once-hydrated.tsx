import { useEffect } from 'react'

// Its own module, not the entry's: React Refresh wraps a module that defines a component,
// and under `npm run dev` the wrapper would evaluate the entry a second time.

/** Renders nothing; once the page's shell has hydrated, reads the stored cart and keeps it saved (cart-effects.ts). */
export function CartEffectsOnceHydrated() {
  useEffect(() => {
    let stop: (() => void) | undefined
    let unmounted = false
    void import('./cart-effects').then(({ startCartEffects }) => {
      if (!unmounted) stop = startCartEffects()
    })
    return () => {
      unmounted = true
      stop?.()
    }
  }, [])
  return null
}
