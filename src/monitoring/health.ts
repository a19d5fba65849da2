import type { Bindings } from '../config.ts'
import { rateLimitKey } from '../rate-limit.ts'
import { shortHash } from '../short-hash.ts'
import type { CheckoutHealth } from './checkout-health.ts'

/** The shop's one CheckoutHealth (checkout-health.ts), as a Worker reaches it. */
export function checkoutHealth(env: Bindings): DurableObjectStub<CheckoutHealth> {
  return env.CHECKOUT_HEALTH.getByName('checkout')
}

/**
 * Whose checkout it was, as CheckoutHealth counts shoppers: the rate limit's client (an IPv4
 * address, or an IPv6 /64, which one phone can rotate within), hashed, so no address is kept.
 */
export function checkoutClient(ip: string | null | undefined): Promise<string> {
  return shortHash(rateLimitKey(ip))
}
