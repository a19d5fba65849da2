import { useSetAtom } from 'jotai'
import type { ReactNode } from 'react'
import { addItemAtom, isCartOpenAtom } from '../cart/cart-atoms.ts'
import { track } from '../analytics/track.ts'
import { firstVariantLine } from '../cart/cart-item.ts'
import { BUY_FORM_ID } from '../lib/element-ids.ts'
import { useSettledProduct } from '../product-context.tsx'
import { useHeldTaps } from '../lib/held-taps.ts'
import { toastAdded, toastAtMost, toastProductUnavailable } from './toasts.tsx'

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

/** The button's look; the transparent border is what forced colours (Windows' contrast themes) draw as its edge. */
const LOOK = [
  'rounded-full border-2 border-transparent bg-orange-700 px-7.5 py-3.5 text-lg font-extrabold text-white',
  'shadow-lg shadow-orange-200 transition hover:bg-orange-800 active:scale-98',
].join(' ')

/** How a held tap shows it was heard (lib/held-taps.ts): pressed, and busy to a screen reader. */
const HEARD = 'aria-busy:scale-98 aria-busy:bg-orange-800 aria-busy:cursor-progress'

/**
 * The shop's one buy button: adds the page's product (first variant, quantity 1), or says
 * 'Product not available' when the page has none. A tap before the app is live is held by
 * the page's starter script, shown as heard at once, and replayed here (lib/held-taps.ts);
 * with JavaScript off the button submits the page's buy form (product-data-script.tsx),
 * which goes to checkout.
 */
export function BuyButton({ children, className = '', then = 'open-cart' }: BuyButtonProps) {
  const result = useSettledProduct()
  const add = useSetAtom(addItemAtom)
  const openCart = useSetAtom(isCartOpenAtom)

  function buy() {
    const line = result?.status === 'found' ? firstVariantLine(result.product) : null
    if (!line) return toastProductUnavailable()
    const added = add(line)
    if (added) track({ type: 'add_to_cart', quantity: line.quantity })
    if (then === 'open-cart') openCart(true)
    if (!added) toastAtMost()
    else if (then === 'toast') toastAdded()
  }
  const ref = useHeldTaps<HTMLButtonElement>(buy)

  return (
    <button
      ref={ref}
      type="submit"
      form={BUY_FORM_ID}
      data-hold={`buy:${then}`}
      onClick={(event) => {
        event.preventDefault()
        buy()
      }}
      className={`${LOOK} ${HEARD} ${className}`}
    >
      {children}
    </button>
  )
}
