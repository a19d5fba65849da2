import { useAtomValue, useSetAtom } from 'jotai'
import { isCartOpenAtom, knownQuantityAtom } from '../cart/cart-atoms.ts'
import { staticSection } from '../lib/deferred-section.tsx'
import { useHeldTaps } from '../lib/held-taps.ts'
import { BagIcon } from './icons.tsx'

// Fetched ahead when the shopper reaches for the button; a failure is the tap's to handle (App.tsx).
const loadDrawer = () => void import('./CartDrawer.tsx').catch(() => {})
const HomeLink = staticSection(() => import('./HomeLink.tsx').then((m) => m.HomeLink))

export function Header() {
  // Until the stored cart is read, a change made before shows no count (knownQuantityAtom).
  const count = useAtomValue(knownQuantityAtom) ?? 0
  const openCart = useSetAtom(isCartOpenAtom)
  // A tap before the app is live is held and opens the cart once it is (lib/held-taps.ts).
  const ref = useHeldTaps<HTMLButtonElement>(() => openCart(true))
  return (
    <header className="sticky top-0 z-30 border-b border-orange-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <HomeLink />
        <button
          ref={ref}
          type="button"
          data-hold="cart"
          onClick={() => openCart(true)}
          onPointerEnter={loadDrawer}
          onFocus={loadDrawer}
          className="relative grid h-11 w-11 place-items-center rounded-full text-stone-800 hover:bg-orange-50 aria-busy:!bg-orange-200 aria-busy:cursor-progress"
          aria-label={count > 0 ? `Open cart, ${count} ${count === 1 ? 'item' : 'items'}` : 'Open cart'}
          data-testid="cart-button"
        >
          <BagIcon />
          {count > 0 && (
            <span
              className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-orange-700 px-1 text-xs font-bold text-white"
              data-testid="cart-badge"
            >
              {count}
            </span>
          )}
        </button>
      </div>
    </header>
  )
}
