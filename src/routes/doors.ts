import { Hono, type Context } from 'hono'
import { setCookie } from 'hono/cookie'
import { createMiddleware } from 'hono/factory'
import { DISCOUNT_CODE, DISCOUNT_COOKIE } from '../../client/model/cart.ts'
import { LANDING_PRODUCT_HANDLE } from '../../client/model/product-result.ts'
import type { AppEnv } from '../app-env.ts'
import { readConfig } from '../config.ts'
import { log } from '../log.ts'
import { readContext, shopperCountry } from '../market.ts'
import { readProduct } from '../product/read-product.ts'
import { limitPerClient } from './limit-per-client.ts'
import { isPageNavigation, permalinkExtras, permalinkLines } from './permalink.ts'
import { startCheckout } from './start-checkout.ts'
import { backFromCheckout, shopRedirectPath } from './shop-redirect.ts'

/**
 * The doors Shopify opens onto the shop's own domain (docs/doors.md): a headless shop is the
 * store's primary domain, so Shopify's e-mails, sales channels, checkout, catalog and agents
 * link to it by Shopify's own URL conventions, not the shop's. Each leads somewhere.
 */
export const doors = new Hono<AppEnv>()

/** Where a door leads on the shop, with the query it came with (UTM tags): never kept by a cache. */
function leadTo(c: Context<AppEnv>, path: string, status: 301 | 302 | 303) {
  c.header('Cache-Control', 'no-store')
  return c.redirect(path + new URL(c.req.url).search, status)
}

/** A clear answer to a door asked for wrongly: what is wrong, and the way back. */
function refuse(c: Context<AppEnv>, status: 400 | 404, problem: string) {
  c.header('Cache-Control', 'no-store')
  return c.text(`${problem}\n\nThe shop: ${readConfig(c.env).shopOrigin}/`, status)
}

// Shopify's product URLs (its sales channels, the admin's 'View', order e-mails), in a
// collection or not, with or without a trailing slash: the shop's product page, which says
// 'Product not found' for a handle the store does not have.
for (const path of [
  '/products/:handle',
  '/products/:handle/',
  '/collections/:collection/products/:handle',
  '/collections/:collection/products/:handle/',
]) {
  doors.get(path, (c) => leadTo(c, `/product/${encodeURIComponent(c.req.param('handle')!)}`, 301))
}
// Collections (a theme's habit: `/collections/all`): the one product is on the landing page.
for (const path of ['/collections', '/collections/', '/collections/:collection', '/collections/:collection/'])
  doors.get(path, (c) => leadTo(c, '/', 301))

/** Shopify's policy pages, by handle: the shop's Terms say what its refund, shipping and service policies are. */
const POLICIES: Record<string, string> = {
  'refund-policy': '/terms',
  'shipping-policy': '/terms',
  'terms-of-service': '/terms',
  'privacy-policy': '/privacy',
}
doors.get('/policies/:policy', (c) => {
  const page = POLICIES[c.req.param('policy')]
  return page
    ? leadTo(c, page, 301)
    : refuse(c, 404, `No such policy. The shop's policies are its Terms of use (/terms) and Privacy Policy (/privacy).`)
})

// Customer accounts are Shopify's: an order e-mail's 'View your order' and a theme's account
// link go to the store's own account pages, where Shopify signs the customer in.
for (const path of ['/account', '/account/*']) {
  doors.get(path, (c) => {
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
    return c.redirect(`${readConfig(c.env).storefront.origin}/account`, 302)
  })
}

// Back from Shopify's checkout ('Cart' in its header): the page the shopper came from, where
// the browser says it is one of the shop's, else the landing page, with the sheet open
// (`#cart`, read and taken off the address by client/browser/cart-door.ts). The stored cart
// is the browser's and is not touched.
doors.get('/cart', (c) => {
  c.header('Cache-Control', 'no-store')
  return c.redirect(backFromCheckout(c.req.header('Referer'), readConfig(c.env).shopOrigin), 303)
})

/**
 * A cart permalink (`/cart/{variant}:{qty},…`, from Shopify Catalog and agents) or a UCP buy
 * permalink (`/buy/{variant or SKU}:{qty},…`, Hydrogen #4048): the shop makes the cart itself,
 * through the one checkout POST /checkout goes through (start-checkout.ts: the funnel, the
 * health check), in the shopper's market and language, of exactly those lines, held to the one
 * line rule (cart-lines.ts) and to the product the shop sells, and sends the shopper to its
 * checkout (303, no-store, no referrer: the UCP specification's 'Permalink' redirect). The
 * shopper's stored cart is left as it is: a permalink is a purchase of its own.
 */
async function permalink(c: Context<AppEnv>, list: string, by: 'id' | 'id or sku') {
  c.header('Cache-Control', 'no-store')
  c.header('Referrer-Policy', 'no-referrer')
  const country = shopperCountry(c.req.raw)
  let read: Awaited<ReturnType<typeof readProduct>>
  try {
    read = await readProduct(readContext(c), LANDING_PRODUCT_HANDLE, country)
  } catch (error) {
    log(c, 'error', 'permalink: product not read', { error })
    return c.text('Failed to create checkout. Please try again later.', 502)
  }
  const { product, markets } = read
  const held = permalinkLines(list, product?.variants ?? [], by)
  if ('problem' in held) return refuse(c, 400, held.problem)
  const asked = permalinkExtras(new URL(c.req.url).searchParams)
  if (typeof asked === 'string') return refuse(c, 400, asked)
  try {
    const languages = markets.countries.find((entry) => entry.isoCode === country)?.languages ?? []
    const cart = await startCheckout(c, held.lines, { country, languages }, asked.extras, asked.attribution)
    return c.redirect(cart.checkoutUrl, 303)
  } catch (error) {
    log(c, 'error', 'permalink checkout failed', { error })
    return c.text(`Failed to create checkout. Please try again later. (Reference: ${c.get('requestId')})`, 502)
  }
}

/** Only a page navigation makes a cart (isPageNavigation), before anything is counted against the visitor. */
const onlyFollowed = createMiddleware<AppEnv>(async (c, next) => {
  if (isPageNavigation(c.req.raw.headers)) return next()
  c.header('Cache-Control', 'no-store')
  c.header('Vary', 'Sec-Fetch-Mode, Sec-Fetch-Dest')
  return c.text(
    `A cart link makes a checkout only when it is followed as a link, not loaded as a ${c.req.header('Sec-Fetch-Dest') ?? c.req.header('Sec-Fetch-Mode')}.`,
    403,
  )
})
// Permalinks count apart from POST /checkout: links the shopper follows never use up the limit of their own checkout.
const permalinkLimit = limitPerClient(
  'PERMALINK_RATE_LIMITER',
  'Too many cart links opened; please try again in a minute',
)
doors.get('/cart/:items{[^/]*:[^/]*}', onlyFollowed, permalinkLimit, (c) => permalink(c, c.req.param('items'), 'id'))
doors.get('/buy/:items{[^/]+}', onlyFollowed, permalinkLimit, (c) => permalink(c, c.req.param('items'), 'id or sku'))

// A discount link from a marketing e-mail: the code is remembered for this browser (a cookie
// no page reads, so no kept page holds it), the sheet says it will be applied, and the next
// checkout sends it in cartCreate's discountCodes. The redirect goes only to the shop's own paths.
doors.get('/discount/:code', (c) => {
  const code = c.req.param('code')
  if (!DISCOUNT_CODE.test(code))
    return refuse(
      c,
      400,
      'This discount link has no code the shop can use: a code holds only letters, digits, dashes and underscores, up to 64.',
    )
  const target = shopRedirectPath(c.req.query('redirect') ?? '/', readConfig(c.env).shopOrigin)
  if (!target)
    return refuse(c, 400, 'A discount link may lead only to a page of this shop, such as /product/toddler-blanket.')
  setCookie(c, DISCOUNT_COOKIE, code, {
    path: '/',
    maxAge: 30 * 24 * 3600,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
  })
  c.header('Cache-Control', 'no-store')
  return c.redirect(target, 302)
})
doors.get('/discount', (c) => refuse(c, 400, 'This discount link has no code.'))
doors.get('/discount/', (c) => refuse(c, 400, 'This discount link has no code.'))
