import { useSetAtom } from 'jotai'
import type { ReactNode } from 'react'
import { addItemAtom, isCartOpenAtom } from '../cart/cart-atoms'
import { firstVariantLine } from '../cart/cart-item'
import { BUY_FORM_ID } from '../lib/element-ids'
import { useSettledProduct } from '../product-context'
import { toastAdded, toastProductUnavailable } from './toasts'

type BuyButtonProps = {
  children: ReactNode
  className?: string
  /**
   * What the shopper sees once the blanket is in the cart (docs/product.md, 'The cart'): the
   * landing page's Order buttons open the cart, the product page's Add to Cart says so in a toast.
   */
  then?: 'open-cart' | 'toast'
}

/**
 * The shop's one buy button: adds the page's product (first variant, quantity 1), or says
 * 'Product not available' when the page has none. Until the app is live it submits the
 * page's buy form (product-data-script.tsx), so a tap before hydration still buys.
 */
export function BuyButton({ children, className = '', then = 'open-cart' }: BuyButtonProps) {
  const result = useSettledProduct()
  const add = useSetAtom(addItemAtom)
  const openCart = useSetAtom(isCartOpenAtom)

  function buy() {
    const line = result?.status === 'found' ? firstVariantLine(result.product) : null
    if (!line) return toastProductUnavailable()
    add(line)
    if (then === 'open-cart') openCart(true)
    else toastAdded()
  }

  return (
    <button
      type="submit"
      form={BUY_FORM_ID}
      onClick={(event) => {
        event.preventDefault()
        buy()
      }}
      className={`rounded-full bg-orange-700 px-8 py-4 text-lg font-extrabold text-white shadow-lg shadow-orange-200 transition hover:bg-orange-800 active:scale-98 ${className}`}
    >
      {children}
    </button>
  )
}
