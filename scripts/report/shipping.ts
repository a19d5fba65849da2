// Where the shop ships, for `npm run report`'s funnel by country: as the shop's own landing
// page tells search engines, its structured data's shipping destinations, which are Shopify's
// `shop.shipsToCountries` (client/pages/product-structured-data.ts; test/worker/structured-data.test.ts).
// Read from the shop's public address, so the report needs no Storefront token of its own.

/** The countries the page's JSON-LD names as shipping destinations; throws when it names none. */
export function shippingDestinations(html: string): string[] {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as unknown,
  )
  const countries = new Set<string>()
  const walk = (value: unknown, key = ''): void => {
    if (Array.isArray(value)) for (const item of value) walk(item, key)
    else if (value && typeof value === 'object') for (const [name, inner] of Object.entries(value)) walk(inner, name)
    else if (key === 'addressCountry' && typeof value === 'string') countries.add(value)
  }
  for (const script of scripts) walk((script as { offers?: { shippingDetails?: unknown } })?.offers?.shippingDetails)
  if (countries.size === 0)
    throw new Error('its landing page names no shipping destination (is the product in the shop?)')
  return [...countries]
}

/** Where the shop at `origin` ships, from its landing page. */
export async function shipsTo(origin: string): Promise<string[]> {
  const response = await fetch(new URL('/', origin), { headers: { Accept: 'text/html' } })
  if (!response.ok) throw new Error(`its landing page answered ${response.status}`)
  return shippingDestinations(await response.text())
}
