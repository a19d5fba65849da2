import type { ReactPromise } from 'react'

/**
 * Promises that React's `use()` can read synchronously once settled: React checks
 * `status`/`value` before suspending, so a product that is already known (cached on the
 * server, or read from the page on hydration) renders without a fallback.
 */
export type Thenable<T> = ReactPromise<T>

/** `promise`, marked as it settles, so `use()` can read it then without suspending. */
export function settling<T>(promise: Promise<T>): Thenable<T> {
  const thenable = Object.assign(promise, { status: 'pending' as const })
  // Each handler returns nothing: returning the thenable itself would make the promise
  // `then` returns adopt its rejection, a rejection nothing handles.
  promise.then(
    (value) => void Object.assign(thenable, { status: 'fulfilled', value }),
    (reason) => void Object.assign(thenable, { status: 'rejected', reason }),
  )
  return thenable
}

export function fulfilled<T>(value: T): Thenable<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value })
}
