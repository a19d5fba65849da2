import { useAtomValue } from 'jotai'
import { useEffect, useRef, useState } from 'react'
import { knownQuantityAtom, storedCartStateAtom } from '../cart/cart-atoms.ts'
import { startingQuantity } from '../cart/stored-cart-state.ts'
import { itemCountText } from '../lib/item-count.ts'

/** Tells screen-reader users when the cart changes, wherever focus is. */
export function CartAnnouncer() {
  const count = useAtomValue(knownQuantityAtom)
  const readCount = startingQuantity(useAtomValue(storedCartStateAtom))
  const [message, setMessage] = useState('')
  const previous = useRef<number | null>(null)
  useEffect(() => {
    // Nothing until the stored cart is read and the total known: it would be said short,
    // then right. The read is not a change; a change made before this code came still is.
    if (count === null || readCount === null) return
    if ((previous.current ?? readCount) !== count) setMessage(count === 0 ? 'Your cart is empty' : itemCountText(count))
    previous.current = count
  }, [count, readCount])
  return (
    <div role="status" aria-live="polite" className="sr-only" data-testid="cart-announcer">
      {message}
    </div>
  )
}
