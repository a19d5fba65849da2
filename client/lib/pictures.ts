// What every picture of the shop's shares: the widths a browser may choose from, and how a
// Shopify-hosted picture is asked for at one of them.

/**
 * The widths offered in every `srcset`, each at most 1.375× the one before: a browser takes
 * the first at least as wide as it draws, so no picture arrives with more than 1.9× the
 * pixels it is drawn with. Closer together from 600 to 1260, where a phone (360–430 px wide,
 * 1.75–3× its pixels) draws a full-width picture: there every step costs tens of KB.
 */
export const PICTURE_WIDTHS = [128, 176, 240, 320, 440, 600, 680, 800, 920, 1080, 1260, 1440, 1680, 1920]

/** A `srcset` without its entries wider than `largest`: a picture never drawn wider needs none of them. */
export function upTo(srcSet: string, largest: number): string {
  return srcSet
    .split(', ')
    .filter((entry) => Number(entry.slice(entry.lastIndexOf(' ') + 1, -1)) <= largest)
    .join(', ')
}

/** The widths the build makes of a photograph this wide: the ladder, up to the original's. */
export function photoWidths(originalWidth: number): number[] {
  const largest = Math.min(originalWidth, PICTURE_WIDTHS.at(-1)!)
  return [...PICTURE_WIDTHS.filter((w) => w < largest), largest]
}

/**
 * Whether Shopify's CDN resizes this picture: on cdn.shopify.com, or under /cdn/shop/ on the
 * store's own domain (where the Storefront API, and the local double, put them). A picture
 * hosted anywhere else is shown as it is.
 */
export function onShopifyCdn(url: string): boolean {
  try {
    const { hostname, pathname } = new URL(url)
    return hostname === 'cdn.shopify.com' || hostname.endsWith('.shopifycdn.net') || pathname.startsWith('/cdn/shop/')
  } catch {
    return false
  }
}

/**
 * `src` and `srcset` of a Shopify picture cropped to a square: the CDN's `width`, `height`
 * and `crop` parameters (what Hydrogen's <Image> sends), and the format left to the CDN,
 * which answers AVIF or WebP to a browser whose Accept header takes them. Widths stop at the
 * original's, since the CDN never enlarges. Null for a picture the CDN does not host.
 */
export function squareSrcSet(
  url: string,
  originalWidth: number | null | undefined,
  largest = Infinity,
): { src: string; srcSet: string } | null {
  if (!onShopifyCdn(url)) return null
  const at = (w: number) => cropped(url, w, w)
  const widths = (originalWidth ? PICTURE_WIDTHS.filter((w) => w < originalWidth) : [...PICTURE_WIDTHS]).filter(
    (w) => w <= largest,
  )
  if (originalWidth && originalWidth <= Math.min(largest, PICTURE_WIDTHS.at(-1)!)) widths.push(originalWidth)
  // Drawn smaller than the smallest width: the smallest still beats the original.
  if (widths.length === 0) widths.push(Math.min(PICTURE_WIDTHS[0]!, originalWidth ?? Infinity))
  return {
    src: at(widths.find((w) => w >= 800) ?? widths.at(-1)!),
    srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', '),
  }
}

/** The size of a social preview's picture (og:image), which the build and Shopify's CDN crop to. */
export const SHARE_WIDTH = 1200
export const SHARE_HEIGHT = 630

/** A Shopify picture as a 1200×630 JPEG for social previews; null when the CDN does not host it. */
export function shareSrc(url: string): string | null {
  return onShopifyCdn(url) ? cropped(url, SHARE_WIDTH, SHARE_HEIGHT, { format: 'jpg' }) : null
}

/** The CDN's copy of a picture at exactly this size, cropped from its centre. */
function cropped(url: string, width: number, height: number, extra: Record<string, string> = {}): string {
  const sized = new URL(url)
  for (const [name, value] of Object.entries({
    width: String(width),
    height: String(height),
    crop: 'center',
    ...extra,
  }))
    sized.searchParams.set(name, value)
  return sized.toString()
}
