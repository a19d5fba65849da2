import { useSetAtom } from 'jotai'
import type { ReactNode } from 'react'
import { addItemAtom, isCartOpenAtom } from '../cart/cart-atoms'
import { firstVariantLine } from '../cart/cart-item'
import { BUY_FORM_ID } from '../../domain/page-data'
import { useSettledProduct } from '../product-context'
import { toastProductUnavailable } from './toasts'

/** Adds the blanket (first variant, quantity 1) and opens the cart (docs/product.md, 'The cart'). */
export function OrderButton({ children, className = '' }: { children: ReactNode; className?: string }) {
  const result = useSettledProduct()
  const add = useSetAtom(addItemAtom)
  const openCart = useSetAtom(isCartOpenAtom)

  function order() {
    const line = result?.status === 'found' ? firstVariantLine(result.product) : null
    if (!line) {
      toastProductUnavailable()
      return
    }
    add(line)
    openCart(true)
  }

  return (
    // Submits the page's buy form (product-data-script.tsx) until the app is live.
    <button
      type="submit"
      form={BUY_FORM_ID}
      onClick={(event) => {
        event.preventDefault()
        order()
      }}
      className={`rounded-full bg-orange-700 px-8 py-4 text-lg font-extrabold text-white shadow-lg shadow-orange-200 transition hover:bg-orange-800 active:scale-98 ${className}`}
    >
      {children}
    </button>
  )
}
