/** What the double's shop sells: the blanket, as Shopify would describe it. */

export type DoubleVariant = {
  id: string
  title: string
  availableForSale: boolean
  sku: string | null
  barcode: string | null
  price: { amount: string; currencyCode: string }
  selectedOptions: { name: string; value: string }[]
  /** Its own picture, when it has one; Shopify answers null otherwise. */
  image?: DoubleImage
}

/**
 * A picture on the double's CDN (`file`: a photograph of the drawing of that name in
 * client/content/photos/drawings; a name with no drawing answers 404), or the same picture
 * hosted outside Shopify (`elsewhere`), which has no size, no ThumbHash and takes no transform.
 */
export type DoubleImage = { file: string; altText: string | null } | { elsewhere: string; altText: string | null }

export type DoubleProduct = {
  id: string
  handle: string
  title: string
  description: string
  vendor: string
  images: DoubleImage[]
  variants: DoubleVariant[]
  options: { name: string; values: string[] }[]
  /** When the product was last modified, as Shopify's `updatedAt`; a test's edit sets it as Shopify does. */
  updatedAt: string
}

export const BLANKET_VARIANT_ID = 'gid://shopify/ProductVariant/44012345678901'

export function blanket(): DoubleProduct {
  return {
    id: 'gid://shopify/Product/8012345678901',
    handle: 'toddler-blanket',
    title: 'Square Friends Fleece Blanket',
    description:
      'A cosy 30" × 40" fleece blanket printed with six square animal friends: Octopus, Koala, Cheetah, Hippo, ' +
      'Elephant and Crab. Soft on both sides, bright on one, and happy in the washing machine. Made on demand ' +
      'for your little one and shipped in 2-5 business days.',
    vendor: 'Square Snuggles',
    updatedAt: '2026-11-01T09:00:00Z',
    images: [
      { file: 'blanket-1.jpg', altText: 'The Square Friends blanket spread flat, showing all six animals' },
      { file: 'blanket-2.jpg', altText: 'The blanket folded in a neat square on a nursery chair' },
      { file: 'blanket-3.jpg', altText: 'Close-up of the octopus and koala print on soft fleece' },
      { file: 'blanket-4.jpg', altText: 'The blanket draped over the side of a toddler bed' },
      { file: 'blanket-5.jpg', altText: 'The blanket rolled up with a ribbon, ready to give as a gift' },
    ],
    variants: [
      {
        id: BLANKET_VARIANT_ID,
        title: '30" × 40" / Square Friends',
        availableForSale: true,
        sku: 'SQS-BLANKET-3040',
        // Made on demand: no GTIN, as for most printed goods.
        barcode: null,
        price: { amount: '38.0', currencyCode: 'USD' },
        selectedOptions: [
          { name: 'Size', value: '30" × 40"' },
          { name: 'Print', value: 'Square Friends' },
        ],
      },
    ],
    options: [
      { name: 'Size', values: ['30" × 40"'] },
      { name: 'Print', values: ['Square Friends'] },
    ],
  }
}

/**
 * Where the double's shop sells, as Shopify Markets would set it up: the primary market (the
 * United States, in dollars) and others, each in its own currency at a price the store chose
 * (a price list, so what the page is told is what the checkout charges), with the languages
 * its checkout can be in, and whether its prices include tax. Selling somewhere is not shipping there (SHIPS_TO): Switzerland has
 * a market but is not shipped to, Mexico is shipped to but has no market (it buys in
 * dollars), and Brazil, Japan and every country not listed are neither.
 */
export type DoubleMarket = {
  currency: string
  price: string
  languages: string[]
  /** The market's `priceInclusions` (Admin API): taxes in the price (VAT, GST), or added at checkout, as in the US and Canada. */
  taxIncluded: boolean
}

export const PRIMARY_COUNTRY = 'US'

export const MARKETS: Record<string, DoubleMarket> = {
  US: { currency: 'USD', price: '38.0', languages: ['EN'], taxIncluded: false },
  CA: { currency: 'CAD', price: '52.0', languages: ['EN', 'FR'], taxIncluded: false },
  GB: { currency: 'GBP', price: '30.0', languages: ['EN'], taxIncluded: true },
  DE: { currency: 'EUR', price: '35.0', languages: ['EN', 'DE'], taxIncluded: true },
  FR: { currency: 'EUR', price: '35.0', languages: ['EN', 'FR'], taxIncluded: true },
  NL: { currency: 'EUR', price: '35.0', languages: ['EN', 'NL'], taxIncluded: true },
  IE: { currency: 'EUR', price: '35.0', languages: ['EN'], taxIncluded: true },
  AU: { currency: 'AUD', price: '58.0', languages: ['EN'], taxIncluded: true },
  CH: { currency: 'CHF', price: '34.0', languages: ['DE', 'FR', 'IT', 'EN'], taxIncluded: true },
}

/** Where the double's shop ships (`shop.shipsToCountries`): not Switzerland, though it sells there; Mexico, though it has no market. */
export const SHIPS_TO = [...Object.keys(MARKETS).filter((country) => country !== 'CH'), 'MX']

/** The countries' names, as Shopify's `Country.name` gives them in English. */
export const COUNTRY_NAMES: Record<string, string> = {
  US: 'United States',
  CA: 'Canada',
  GB: 'United Kingdom',
  DE: 'Germany',
  FR: 'France',
  NL: 'Netherlands',
  IE: 'Ireland',
  AU: 'Australia',
  CH: 'Switzerland',
}
