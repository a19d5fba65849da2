import { Hono, type Context } from 'hono'
import { formatMoney } from '../../client/lib/format-money.ts'
import { PRODUCT_HANDLE } from '../../client/model/product-result.ts'
import type { Product } from '../../client/model/product.ts'
import type { AppEnv } from '../app-env.ts'
import { readConfig } from '../config.ts'
import { log } from '../log.ts'
import { isMarketCountry, knownCountry, marketOfPath, pageMarket, pathIn, readContext } from '../market.ts'
import { productTag } from '../render/cache-policy.ts'
import { settle } from '../render/render-page.tsx'
import { readProduct } from '../product/read-product.ts'
import { UCP_PATH } from './ucp-proxy.ts'

/**
 * GET /product/{handle}.md (and `/en-ca/product/{handle}.md`, one per market, like the page):
 * the product page as Markdown, for agents, as vercel/shop#604 serves it: title, price,
 * availability, each variant with its id and cart permalink, and where the store's UCP profile
 * is. Its own address, which the product page names (`<link rel="alternate"
 * type="text/markdown">`): the kept HTML page is never split by `Accept`, which browsers send
 * in many spellings, each a cache entry of its own. Kept and purged like the page it mirrors.
 */
export const productMarkdown = new Hono<AppEnv>()
productMarkdown.get('/product/:file{[^/]+\\.md}', (c) => markdown(c))
productMarkdown.get('/:market{en-[a-z]{2}}/product/:file{[^/]+\\.md}', (c) => markdown(c))

async function markdown(c: Context<AppEnv>) {
  const handle = c.req.param('file')!.slice(0, -'.md'.length)
  const marketed = marketOfPath(c.req.path)
  if (!PRODUCT_HANDLE.test(handle) || (marketed && !isMarketCountry(marketed.country))) return missing(c, handle)
  const country = knownCountry(marketed?.country)
  const config = readConfig(c.env)
  try {
    const { product, markets } = await readProduct(readContext(c), handle, country)
    if (!product) return missing(c, handle)
    const market = pageMarket(country, markets, config.prices, product)
    settle(c, { status: 200, complete: true, tags: [productTag(handle)] })
    c.header('Content-Type', 'text/markdown; charset=utf-8')
    const at = (path: string) => new URL(pathIn(country, markets.primaryCountry, path), config.shopOrigin).toString()
    return c.body(
      write(product, {
        pageUrl: at(`/product/${handle}`),
        origin: config.shopOrigin,
        where: market.primary ? null : market.name,
        tax: market.tax,
      }),
    )
  } catch (error) {
    log(c, 'error', 'product markdown failed', { handle, error })
    c.header('Cache-Control', 'no-store')
    return c.text('Shopify could not be reached. Please try again in a minute.', 503)
  }
}

function missing(c: Context<AppEnv>, handle: string) {
  c.header('Cache-Control', 'no-store')
  return c.text(`No product "${handle}" in this shop.`, 404)
}

/** A table cell's text: no pipe or line break may end the cell early. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')

function write(
  product: Product,
  { pageUrl, origin, where, tax }: { pageUrl: string; origin: string; where: string | null; tax: string },
): string {
  const price = product.variants[0]?.price ?? product.priceRange.minVariantPrice
  const available = product.variants.some((variant) => variant.availableForSale)
  const permalink = (id: string, quantity: number) => `${origin}/cart/${id.split('/').pop()}:${quantity}`
  return [
    `# ${product.title}`,
    '',
    product.description,
    '',
    `- Price: ${formatMoney(price)} (${price.currencyCode}), ${tax}, shipping included${where ? `, in ${where}` : ''}`,
    `- Availability: ${available ? 'in stock, made on demand' : 'out of stock'}`,
    `- Page: ${pageUrl}`,
    `- The price in another country: ${origin}/market?handle=${encodeURIComponent(product.handle)}&country={ISO country code}`,
    '',
    '## Variants',
    '',
    '| Variant | Id | SKU | Price | Available | Cart permalink |',
    '|---|---|---|---|---|---|',
    ...product.variants.map(
      (variant) =>
        `| ${cell(variant.title)} | ${variant.id} | ${cell(variant.sku ?? '')} | ${formatMoney(variant.price)} | ${variant.availableForSale ? 'yes' : 'no'} | ${permalink(variant.id, 1)} |`,
    ),
    '',
    'A cart permalink opens Shopify’s checkout with those lines: `/cart/{variant id}:{quantity}`, several joined by commas, and `?discount={code}` to apply a code. It is made in the market of the country it is opened from.',
    '',
    '## For agents',
    '',
    `The store’s UCP business profile: ${origin}${UCP_PATH}`,
    '',
  ].join('\n')
}
