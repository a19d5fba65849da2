import { getDefaultStore } from 'jotai'
import { isCartOpenAtom } from '../cart/cart-atoms.ts'

/**
 * A shopper sent back by Shopify's checkout through `/cart` (src/routes/doors.ts) lands on a
 * page whose address ends in `#cart`: the sheet opens over it. The fragment is taken off the
 * address in place (replaceState), so it is not left as a step of history, nor opens the
 * sheet again on a reload.
 */
export function openCartFromAddress() {
  if (location.hash !== '#cart') return
  history.replaceState(history.state, '', location.pathname + location.search)
  getDefaultStore().set(isCartOpenAtom, true)
}
