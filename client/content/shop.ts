/** The shop's name, as every page's title and share card give it. */
export const SHOP_NAME = 'Square Snuggles'
/** The line a page without words of its own is described by: no price, which is each market's own (docs/markets.md). */
export const TAGLINE = 'A soft fleece blanket printed with six square animal friends, shipping included.'
