import toast, { type Toast, type ToastOptions } from 'react-hot-toast'
import { MAX_QUANTITY } from '../model/cart.ts'

// What each toast says (docs/product.md), fetched with react-hot-toast on the first toast, so
// none of it weighs on the page's first load.

const TOP_CENTRE: ToastOptions = { position: 'top-center' }

/**
 * For the toast raised from the cart sheet, whose place the spec leaves to us: where the
 * sheet reaches the middle of the screen (a toast is at most 350 px wide, the sheet 448 px:
 * below about 1,250 px) or fills it (a phone), at the top it covered the sheet's title and
 * first line. At the bottom, above the sheet's footer, it covers neither, nor the button to
 * try again.
 */
const ABOVE_THE_SHEET_FOOTER = (): ToastOptions =>
  matchMedia('(max-width: 1279px)').matches ? { position: 'bottom-center' } : TOP_CENTRE

/** An error toast: the shop's words in bold, then what the shopper can do next. */
const error = (title: string, next: string, where: ToastOptions = TOP_CENTRE) =>
  toast.error(
    (_: Toast) => (
      <span>
        <strong className="block">{title}</strong>
        <span className="text-sm text-stone-600">{next}</span>
      </span>
    ),
    where,
  )

export const messages = {
  added: () => toast.success('Added to cart!', TOP_CENTRE),
  productUnavailable: () =>
    error('Product not available', 'We can’t reach our stock right now. Please reload the page in a minute.'),
  checkoutFailed: () => error('Failed to create checkout', 'Please try again later.', ABOVE_THE_SHEET_FOOTER()),
  // Not in the spec: at the cap, 'Added to cart!' would say something the cart did not do.
  // Not in the spec: the cart sheet's code could not be fetched (App.tsx).
  cartUnavailable: () => error('The cart could not open', 'Please check your connection and tap the cart again.'),
  atMost: () =>
    error('Nothing added', `Your cart already holds ${MAX_QUANTITY} of this blanket, the most one order can take.`),
}
