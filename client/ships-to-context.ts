import { createContext } from 'react'
import type { Thenable } from './lib/thenable.ts'

/**
 * Where the shop ships, by country name (Shopify's `shop.shipsToCountries`), as it arrives
 * with the product. Given by the server only, and read only by static sections, which the
 * browser never renders (lib/deferred-section.tsx): it is not part of the hydration data.
 */
export const ShipsToContext = createContext<Thenable<string[]> | null>(null)
