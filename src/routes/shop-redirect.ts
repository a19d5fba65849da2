/**
 * Where a redirect the shop sends may lead: only to its own pages. Pure, so the rules are
 * attacked without a Worker (test/unit/shop-redirect.test.ts, with fast-check).
 *
 * The target is checked as the browser will read it, not as it was written: the URL is
 * resolved against the shop's origin first (the WHATWG parser drops tabs and newlines, turns
 * `\` into `/`, and removes dot segments, `%2e` among them), and the `Location` is built from
 * that resolved URL. A path that still begins with `//` after resolution (`/.//evil.example`
 * resolves to `//evil.example`) is a scheme-relative URL to the browser: another host.
 */

/** The path and query to send as `Location`, or null when `asked` leads off the shop. */
export function shopRedirectPath(asked: string, shopOrigin: string): string | null {
  const shop = new URL(shopOrigin)
  // Only a path is asked for: `https://shop/…` is refused too, to keep one spelling of the rule.
  if (!asked.startsWith('/')) return null
  const target = URL.parse(asked, shop)
  if (!target) return null
  return onShop(target, shop) ? target.pathname + target.search : null
}

/**
 * `/cart`'s way back (Shopify's checkout 'Cart' link): the page the Referer names when it is
 * one of the shop's pages other than `/cart` itself, else the landing page; with `#cart`.
 */
export function backFromCheckout(referer: string | undefined, shopOrigin: string): string {
  const shop = new URL(shopOrigin)
  const from = URL.parse(referer ?? '')
  const back = from && onShop(from, shop) && !/^\/cart\/?$/.test(from.pathname) ? from.pathname + from.search : '/'
  return `${back}#cart`
}

/** A resolved URL that a browser given its path reads as this shop: same origin, and no `//` that names a host. */
function onShop(target: URL, shop: URL): boolean {
  return target.origin === shop.origin && !target.pathname.startsWith('//')
}
