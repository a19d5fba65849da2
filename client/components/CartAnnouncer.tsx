import { useAtomValue } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { totalQuantityAtom } from '../cart/cart-atoms'
import { itemCountText } from '../lib/item-count'

/** Tells screen-reader users when the cart changes, wherever focus is. */
export function CartAnnouncer() {
  const count = useAtomValue(totalQuantityAtom)
  const [message, setMessage] = useState('')
  const previous = useRef<number | null>(null)
  useEffect(() => {
    // The first value is the cart read back from storage, not a change.
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
