import { getDefaultStore } from 'jotai'
import { isCartOpenAtom } from '../cart/cart-atoms.ts'
import { isSheetEntry } from '../cart/sheet-history.ts'

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

/**
 * The sheet follows its step of history (cart/sheet-history.ts) from the moment the page is
 * live, before the drawer's code is asked for: going to the sheet's entry (Forward, or Back
 * from a page left with the sheet open) opens it, leaving it closes it. A page shown on that
 * entry, as a reload of it is, opens with the sheet open. Returns the stop.
 */
export function followSheetHistory(): () => void {
  const follow = () => getDefaultStore().set(isCartOpenAtom, isSheetEntry(history.state))
  if (isSheetEntry(history.state)) follow()
  addEventListener('popstate', follow)
  return () => removeEventListener('popstate', follow)
}
