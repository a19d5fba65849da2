import toast, { type Toast, type ToastOptions } from 'react-hot-toast'
import { MAX_QUANTITY } from '../model/cart'

// What each toast says (docs/product.md), fetched with react-hot-toast on the first toast, so
// none of it weighs on the page's first load.

const TOP_CENTRE: ToastOptions = { position: 'top-center' }

/** An error toast: the shop's words in bold, then what the shopper can do next. */
const error = (title: string, next: string) =>
  toast.error(
    (_: Toast) => (
      <span>
        <strong className="block">{title}</strong>
        <span className="text-sm text-stone-600">{next}</span>
      </span>
    ),
    TOP_CENTRE,
  )

export const messages = {
  added: () => toast.success('Added to cart!', TOP_CENTRE),
  productUnavailable: () => error('Product not available', 'We can’t reach our stock right now. Please reload the page in a minute.'),
  checkoutFailed: () => error('Failed to create checkout', 'Please try again later.'),
  // Not in the spec: at the cap, 'Added to cart!' would say something the cart did not do.
  // Not in the spec: the cart sheet's code could not be fetched (App.tsx).
  cartUnavailable: () => error('The cart could not open', 'Please check your connection and tap the cart again.'),
  atMost: () => error('Nothing added', `Your cart already holds ${MAX_QUANTITY} of this blanket, the most one order can take.`),
}
