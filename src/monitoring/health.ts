import type { Bindings } from '../config'
import type { CheckoutHealth } from './checkout-health'

/** The shop's one CheckoutHealth (checkout-health.ts), as a Worker reaches it. */
export function checkoutHealth(env: Bindings): DurableObjectStub<CheckoutHealth> {
  return env.CHECKOUT_HEALTH.getByName('checkout')
}
