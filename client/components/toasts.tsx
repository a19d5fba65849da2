import { lazy, Suspense, useSyncExternalStore } from 'react'
import { Boundary } from '../lib/boundary.tsx'
import type { messages } from './toast-messages.tsx'

// Every toast the shop shows, raised from here. react-hot-toast and the toasts' words
// (toast-messages.tsx) are fetched with the first toast rather than with the page;
// react-hot-toast's store is module-level, so a toast raised before the <Toaster> mounts
// is shown as soon as it does.

let wanted = false
const listeners = new Set<() => void>()

async function show(message: keyof typeof messages) {
  if (!wanted) {
    wanted = true
    for (const listener of listeners) listener()
  }
  // Without its code no toast shows; the cart's own announcer (CartAnnouncer) still speaks.
  const messages = await import('./toast-messages.tsx').then(
    (module) => module.messages,
    () => null,
  )
  messages?.[message]()
}

export const toastAdded = () => show('added')
export const toastProductUnavailable = () => show('productUnavailable')
export const toastCheckoutFailed = () => show('checkoutFailed')
export const toastAtMost = () => show('atMost')
export const toastCartUnavailable = () => show('cartUnavailable')

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
    <Boundary fallback={null}>
      <Suspense fallback={null}>
        {/* Below the sticky header (h-16), so a toast never covers the cart button a shopper
            reaches for next; one at the bottom above the cart sheet's footer (its total and
            checkout button, about 145 px: toast-messages.tsx, ABOVE_THE_SHEET_FOOTER). */}
        <Toaster position="top-center" containerStyle={{ top: 72, bottom: 160 }} />
      </Suspense>
    </Boundary>
  ) : null
}
