// The plain limiter, which the product's Durable Object uses too: no Hono, no app env, so
// anything may import it (src/routes/limit-per-client.ts is the routes' middleware).
import { convertIPv6ToBinary, distinctRemoteAddr } from 'hono/utils/ipaddr'

/**
 * Whom a rate limit counts, from `CF-Connecting-IP`: an IPv4 address, or an IPv6 client's
 * whole /64. One home or phone is handed a /64 and can pick any address in it, so counting
 * single IPv6 addresses would let one client rotate past any limit.
 */
export function rateLimitKey(ip: string | null | undefined): string {
  if (!ip) return 'no-ip'
  if (distinctRemoteAddr(ip) !== 'IPv6') return ip
  try {
    return `${(convertIPv6ToBinary(ip) >> 64n).toString(16).padStart(16, '0')}::/64`
  } catch {
    return 'bad-ip'
  }
}

/**
 * One step of a `[[ratelimits]]` binding for this client. The counters are per Cloudflare
 * location and eventually consistent (docs: "Rate Limiting" binding), so they stop abuse,
 * not a distributed flood. Without the binding (a local run without it) nothing is limited.
 */
export async function withinLimit(limiter: RateLimit | undefined, ip: string | null | undefined): Promise<boolean> {
  if (!limiter) return true
  return (await limiter.limit({ key: rateLimitKey(ip) })).success
}
