import { lazy, Suspense, useSyncExternalStore } from 'react'
import type { Toast, ToastOptions } from 'react-hot-toast'

// Every toast the shop shows (SPEC §8), in one place. react-hot-toast is fetched with the
// first toast rather than with the page; its store is module-level, so a toast raised
// before the <Toaster> mounts is shown as soon as it does.

type Toasts = typeof import('react-hot-toast').default
const TOP_CENTRE: ToastOptions = { position: 'top-center' }

let wanted = false
const listeners = new Set<() => void>()

async function show(raise: (toast: Toasts) => void) {
  if (!wanted) {
    wanted = true
    for (const listener of listeners) listener()
  }
  const { default: toast } = await import('react-hot-toast')
  raise(toast)
}

export const toastAdded = () => show((toast) => toast.success('Added to cart!', TOP_CENTRE))

export const toastProductUnavailable = () => show((toast) => toast.error('Product not available', TOP_CENTRE))

export const toastCheckoutFailed = () =>
  show((toast) =>
    toast.error(
      (_: Toast) => (
        <span>
          <strong className="block">Failed to create checkout</strong>
          <span className="text-sm text-stone-600">Please try again later.</span>
        </span>
      ),
      TOP_CENTRE,
    ),
  )

const Toaster = lazy(() => import('react-hot-toast').then((module) => ({ default: module.Toaster })))

/** Mounts react-hot-toast's <Toaster> once the page first raises a toast. */
export function ToastHost() {
  const used = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => wanted,
    () => false,
  )
  return used ? (
    <Suspense fallback={null}>
      <Toaster position="top-center" />
    </Suspense>
  ) : null
}
