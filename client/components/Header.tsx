import { useAtomValue, useSetAtom } from 'jotai'
import { isCartOpenAtom, totalQuantityAtom } from '../cart/cart-atoms'
import { staticSection } from '../lib/deferred-section'
import { BagIcon } from './icons'

const loadDrawer = () => import('./CartDrawer')
const HomeLink = staticSection(() => import('./HomeLink').then((m) => m.HomeLink))

export function Header() {
  const count = useAtomValue(totalQuantityAtom)
  const openCart = useSetAtom(isCartOpenAtom)
  return (
    <header className="sticky top-0 z-30 border-b border-orange-100 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <HomeLink />
        <button
          type="button"
          onClick={() => openCart(true)}
          onPointerEnter={loadDrawer}
          onFocus={loadDrawer}
          className="relative grid h-11 w-11 place-items-center rounded-full text-stone-800 hover:bg-orange-50"
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
