import { useSetAtom } from 'jotai'
import { useEffect, useRef, type ReactNode } from 'react'
import { addItemAtom, isCartOpenAtom } from '../cart/cart-atoms'
import { track } from '../analytics/track'
import { firstVariantLine } from '../cart/cart-item'
import { BUY_FORM_ID } from '../lib/element-ids'
import { useSettledProduct } from '../product-context'
import { replayHeldTaps } from '../lib/held-taps'
import { toastAdded, toastAtMost, toastProductUnavailable } from './toasts'

/**
 * What the shopper sees once the blanket is in the cart (docs/product.md, 'The cart'): the
 * landing page's Order buttons open the cart, the product page's Add to Cart says so in a toast.
 */
type Then = 'open-cart' | 'toast'

type BuyButtonProps = {
  children: ReactNode
  className?: string
  then?: Then
}

/**
 * The shop's one buy button: adds the page's product (first variant, quantity 1), or says
 * 'Product not available' when the page has none. A tap before the app is live is held by
 * the page's starter script and replayed here (lib/held-taps.ts); with JavaScript off the
 * button submits the page's buy form (product-data-script.tsx), which goes to checkout.
 */
export function BuyButton({ children, className = '', then = 'open-cart' }: BuyButtonProps) {
  const result = useSettledProduct()
  const add = useSetAtom(addItemAtom)
  const openCart = useSetAtom(isCartOpenAtom)

  const ref = useRef<HTMLButtonElement>(null)

  function buy(how: Then) {
    const line = result?.status === 'found' ? firstVariantLine(result.product) : null
    if (!line) return toastProductUnavailable()
    const added = add(line)
    if (added) track({ type: 'add_to_cart', quantity: line.quantity })
    if (how === 'open-cart') openCart(true)
    if (!added) toastAtMost()
    else if (how === 'toast') toastAdded()
  }
  const buyRef = useRef(buy)
  buyRef.current = buy

  useEffect(() => replayHeldTaps(ref.current!, (held) => buyRef.current(held === 'toast' ? 'toast' : 'open-cart')), [])

  return (
    <button
      ref={ref}
      type="submit"
      form={BUY_FORM_ID}
      data-then={then}
      onClick={(event) => {
        event.preventDefault()
        buy(then)
      }}
      className={`rounded-full bg-orange-700 px-8 py-4 text-lg font-extrabold text-white shadow-lg shadow-orange-200 transition hover:bg-orange-800 active:scale-98 ${className}`}
    >
      {children}
    </button>
  )
}
