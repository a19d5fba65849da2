import { useAtomValue } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { knownQuantityAtom } from '../cart/cart-atoms'
import { itemCountText } from '../lib/item-count'

/** Tells screen-reader users when the cart changes, wherever focus is. */
export function CartAnnouncer() {
  const count = useAtomValue(knownQuantityAtom)
  const [message, setMessage] = useState('')
  const previous = useRef<number | null>(null)
  useEffect(() => {
    // Nothing while the total is not known yet (a change waits for the stored cart): it
    // would be said short, then right. The first value is the cart as read, not a change.
    if (count === null) return
    if (previous.current !== null && previous.current !== count) {
      setMessage(count === 0 ? 'Your cart is empty' : itemCountText(count))
    }
    previous.current = count
  }, [count])
  return (
    <div role="status" aria-live="polite" className="sr-only" data-testid="cart-announcer">
      {message}
    </div>
  )
}
