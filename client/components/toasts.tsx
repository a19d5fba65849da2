import toast from 'react-hot-toast'

// Every toast the shop shows (SPEC §8), in one place.

export const toastAdded = () => toast.success('Added to cart!', { position: 'top-center' })

export const toastProductUnavailable = () => toast.error('Product not available', { position: 'top-center' })

export const toastCheckoutFailed = () =>
  toast.error(
    <span>
      <strong className="block">Failed to create checkout</strong>
      <span className="text-sm text-stone-600">Please try again later.</span>
    </span>,
    { position: 'top-center' },
  )
