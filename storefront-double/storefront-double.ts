import {
  experimentalExecuteIncrementally,
  Kind,
  parse,
  validate,
  type DefinitionNode,
  type GraphQLSchema,
} from 'graphql'
import { Hono, type MiddlewareHandler } from 'hono'
import {
  blanket,
  COUNTRY_NAMES,
  MARKETS,
  PRIMARY_COUNTRY,
  SHIPS_TO,
  type DoubleImage,
  type DoubleMarket,
  type DoubleProduct,
} from './catalog.ts'
import { OLDER_UCP_VERSION, ucpProfile } from './ucp-profile.ts'
import { formatMoney } from '../client/lib/format-money.ts'
import { API_VERSION, API_VERSION_HEADER } from '../src/storefront/api-version.ts'
import { buildStorefrontSchema } from './storefront-schema.ts'
import { CDN_PATH, createCdn, ELSEWHERE_PATH, transformedUrl } from './cdn.ts'
import { createWebhookSender, orderPayload } from './orders.ts'

/**
 * A stand-in for Shopify's Storefront API and its hosted checkout, for local development and
 * tests only (never bundled into the Worker). It serves the version the shop pins
 * (src/storefront/api-version.ts): every document is validated against Shopify's published
 * schema of it (storefront-schema.ts) and executed by graphql-js, so a query the real API
 * would reject is rejected here too, and answers have exactly the shape that was asked. As
 * Shopify does, it names the version that answered in `X-Shopify-API-Version`, and answers a
 * version it does not serve with the one it does (falling forward); `answerWithVersion` makes
 * it answer with another, as Shopify does once the pinned version is no longer served.
 */

export type Fault =
  | { kind: 'status'; status: number }
  | { kind: 'graphql-errors'; messages?: readonly string[] }
  | { kind: 'malformed-json' }
  | { kind: 'bad-shape' }
  | { kind: 'empty' }
  | { kind: 'oversized'; bytes?: number }
  | { kind: 'hang' }
  | { kind: 'no-checkout-url' }
  | { kind: 'disconnect' }

export type Operation = 'ProductByHandle' | 'CountryOffer' | 'CartCreate' | 'CartStatus' | 'ApiVersions'
export type Call = { operationName: string | null; variables: Record<string, unknown>; headers: Record<string, string> }

type Cart = {
  token: string
  lines: { variantId: string; quantity: number }[]
  completed?: boolean
  countryCode: string | null
  language: string | null
  discountCodes: string[]
  note: string | null
  attributes: { key: string; value: string }[]
}

/** The market a country buys in: its own when the shop sells there, else the primary market, as Shopify falls back. */
function marketOf(country: string | null | undefined) {
  const code = country && MARKETS[country] ? country : PRIMARY_COUNTRY
  return { country: code, ...MARKETS[code]! }
}

/** A dollar price in a market: the store's price list, which sets the blanket's $38 at the market's price. */
function priceIn(market: ReturnType<typeof marketOf>, dollars: string): string {
  const primary = MARKETS[PRIMARY_COUNTRY]!
  return market.currency === primary.currency
    ? dollars
    : ((Number(dollars) * Number(market.price)) / Number(primary.price)).toFixed(2)
}

const countryOf = (isoCode: string) => ({
  isoCode,
  name: COUNTRY_NAMES[isoCode] ?? isoCode,
  currency: {
    isoCode: MARKETS[isoCode]!.currency,
    name: MARKETS[isoCode]!.currency,
    symbol: MARKETS[isoCode]!.currency,
  },
  availableLanguages: MARKETS[isoCode]!.languages.map((code) => ({ isoCode: code, name: code, endonymName: code })),
  unitSystem: isoCode === 'US' ? 'IMPERIAL_SYSTEM' : 'METRIC_SYSTEM',
})

let schema: GraphQLSchema | undefined
function storefrontSchema(): GraphQLSchema {
  schema ??= buildStorefrontSchema()
  return schema
}

/** An argument of an operation's `@inContext` (`country`, `language`), a literal or a variable; null without one. */
function contextArgument(
  operation: DefinitionNode | undefined,
  variables: Record<string, unknown>,
  name: 'country' | 'language',
): string | null {
  if (operation?.kind !== Kind.OPERATION_DEFINITION) return null
  const argument = operation.directives
    ?.find((d) => d.name.value === 'inContext')
    ?.arguments?.find((a) => a.name.value === name)
  if (!argument) return null
  const value = argument.value
  if (value.kind === Kind.ENUM) return value.value
  if (value.kind === Kind.VARIABLE)
    return typeof variables[value.name.value] === 'string' ? (variables[value.name.value] as string) : null
  return null
}

export function createStorefrontDouble() {
  storefrontSchema() // ~100 ms of parsing: pay it at start, not inside the first request
  const products = new Map<string, DoubleProduct>([['toddler-blanket', blanket()]])
  const carts = new Map<string, Cart>()
  const calls: Call[] = []
  const cdn = createCdn()
  // Read the pictures' sizes now, so the first product query answers as fast as the rest.
  for (const product of products.values())
    for (const image of product.images) if ('file' in image) void cdn.describe(image.file)
  let fault: { fault: Fault; only?: Operation } | null = null
  const refusedBuyers = new Set<string>()
  let latencyMs = 0
  /** The version Shopify answers with: the one the shop pins, unless a test has it fall forward (`answerWithVersion`). */
  let servedVersion = API_VERSION
  /** A slower answer for one operation: a cart mutation goes to Shopify's core, not its edge. */
  const operationLatencyMs = new Map<Operation, number>()
  let gate: Promise<void> | null = null
  // Real shops' checkoutUrl is on their primary (often a checkout) domain, not the API's.
  let checkoutOrigin: string | null = null
  /** The store's UCP profile (`/.well-known/ucp`): how it fails, when it does, and who asked. */
  let ucpFailure: { status: number } | null = null
  /** The profile's answer, when a test has Shopify answer otherwise (a redirect, a page of HTML, a 404). */
  let ucpAnswer: ((origin: string) => Response) | null = null
  const ucpMcpCalls: { headers: Record<string, string>; body: string }[] = []
  /** Where the shop ships (`shop.shipsToCountries`): SHIPS_TO unless a test says otherwise. */
  let shipsTo = SHIPS_TO
  /** Markets whose price inclusions the owner changed in the admin (a test's), by country. */
  const inclusions = new Map<string, { tax: boolean; duties: boolean }>()
  let adminRefused = false
  /** Markets a test added (addMarket), taken away again by reset. */
  const added: string[] = []
  const inclusionsOf = (country: string) =>
    inclusions.get(country) ?? { tax: MARKETS[country]!.taxIncluded, duties: false }
  const ucpCalls: { method: string; path: string; headers: Record<string, string>; search: string }[] = []
  const webhooks = createWebhookSender()

  const variants = () =>
    new Map([...products.values()].flatMap((p) => p.variants.map((v) => [v.id, { v, p }] as const)))

  /** `inContext`: the country of the document's `@inContext(country:)`, when it has one. */
  function resolvers(origin: string, inContext: string | null, language: string | null = null) {
    const market = marketOf(inContext)
    const connection =
      <T>(items: T[]) =>
      (args: { first?: number }) => {
        const nodes = items.slice(0, args.first ?? items.length)
        return {
          nodes,
          edges: nodes.map((node, i) => ({ node, cursor: String(i) })),
          pageInfo: { hasNextPage: nodes.length < items.length, hasPreviousPage: false },
        }
      }
    const money = (amount: number | string, currencyCode = 'USD') => ({ amount: String(amount), currencyCode })
    // A price in the document's market.
    const priceOf = (dollars: string, where = market) => money(priceIn(where, dollars), where.currency)
    // Shopify's own pictures are on its CDN, with their size and ThumbHash; a picture hosted
    // elsewhere has neither, and its URL takes no transform.
    const imageOf = (image: DoubleImage) => {
      if ('elsewhere' in image)
        return {
          url: `${origin}${ELSEWHERE_PATH}${image.elsewhere}`,
          altText: image.altText,
          id: null,
          width: null,
          height: null,
          thumbhash: null,
        }
      const facts = () => cdn.describe(image.file)
      return {
        url: ({ transform }: { transform?: Parameters<typeof transformedUrl>[1] }) =>
          transformedUrl(`${origin}${CDN_PATH}${image.file}?v=1`, transform),
        altText: image.altText,
        id: null,
        width: async () => (await facts())?.width ?? null,
        height: async () => (await facts())?.height ?? null,
        thumbhash: async () => (await facts())?.thumbhash ?? null,
      }
    }
    const variantOf = (p: DoubleProduct, v: DoubleProduct['variants'][number], where = market) => ({
      __typename: 'ProductVariant',
      ...v,
      price: priceOf(v.price.amount, where),
      product: () => productOf(p),
      image: v.image ? imageOf(v.image) : null,
    })
    const productOf = (p: DoubleProduct) => {
      const prices = p.variants.map((v) => Number(v.price.amount))
      return {
        ...p,
        priceRange: {
          minVariantPrice: priceOf(Math.min(...prices).toFixed(1)),
          maxVariantPrice: priceOf(Math.max(...prices).toFixed(1)),
        },
        images: connection(p.images.map(imageOf)),
        featuredImage: p.images[0] ? imageOf(p.images[0]) : null,
        variants: connection(p.variants.map((v) => variantOf(p, v))),
        options: p.options.map((o, i) => ({
          id: `gid://shopify/ProductOption/${i}`,
          name: o.name,
          values: o.values,
          optionValues: o.values.map((name) => ({ id: name, name, swatch: null })),
        })),
      }
    }
    const cartOf = (cart: Cart) => {
      // A cart is priced in its buyer's market, whatever the document's context.
      const where = marketOf(cart.countryCode)
      const lookup = variants()
      const unit = (variantId: string) => Number(priceIn(where, lookup.get(variantId)!.v.price.amount))
      const lines = cart.lines.map((l, i) => {
        const { v, p } = lookup.get(l.variantId)!
        return {
          __typename: 'CartLine',
          id: `gid://shopify/CartLine/${i}`,
          quantity: l.quantity,
          merchandise: variantOf(p, v, where),
          cost: { totalAmount: money((unit(l.variantId) * l.quantity).toFixed(2), where.currency) },
        }
      })
      const total = cart.lines.reduce((sum, l) => sum + unit(l.variantId) * l.quantity, 0)
      return {
        buyerIdentity: { countryCode: cart.countryCode },
        id: `gid://shopify/Cart/${cart.token}`,
        // Shopify's checkout opens in the cart's language, where the country offers it.
        checkoutUrl: `${checkoutOrigin ?? origin}/checkouts/cn/${cart.token}?locale=${(cart.language && marketOf(cart.countryCode).languages.includes(cart.language) ? cart.language : 'EN').toLowerCase()}`,
        totalQuantity: cart.lines.reduce((sum, l) => sum + l.quantity, 0),
        cost: {
          totalAmount: money(total.toFixed(2), where.currency),
          subtotalAmount: money(total.toFixed(2), where.currency),
        },
        lines: connection(lines),
        createdAt: new Date().toISOString(),
        updatedAt: new Date().toISOString(),
      }
    }
    return {
      shop: { id: 'gid://shopify/Shop/1', name: 'Square Snuggles', shipsToCountries: shipsTo },
      publicApiVersions: [{ handle: servedVersion, displayName: servedVersion, supported: true }],
      // A country the shop does not sell in is answered as the primary market, as Shopify does.
      localization: { country: countryOf(market.country), availableCountries: Object.keys(MARKETS).map(countryOf) },
      product: ({ handle }: { handle?: string }) => {
        const p = handle ? products.get(handle) : undefined
        return p ? productOf(p) : null
      },
      cart: ({ id }: { id: string }) => {
        const cart = carts.get(id.replace('gid://shopify/Cart/', '').split('?')[0]!)
        return cart && !cart.completed ? cartOf(cart) : null
      },
      cartCreate: ({
        input,
      }: {
        input: {
          lines?: { merchandiseId: string; quantity?: number }[]
          buyerIdentity?: { countryCode?: string }
          discountCodes?: string[]
          note?: string
          attributes?: { key: string; value: string }[]
        }
      }) => {
        const lookup = variants()
        const userErrors = (input.lines ?? []).flatMap((line, i) => {
          const field = ['input', 'lines', String(i)]
          if (!lookup.has(line.merchandiseId))
            return [
              {
                field: [...field, 'merchandiseId'],
                message: `The merchandise with id ${line.merchandiseId} does not exist.`,
                code: 'INVALID',
              },
            ]
          if ((line.quantity ?? 1) < 1)
            return [{ field: [...field, 'quantity'], message: 'The quantity must be greater than 0.', code: 'INVALID' }]
          return []
        })
        if (userErrors.length > 0) return { cart: null, userErrors, warnings: [] }
        // Cart.checkoutUrl is non-null in the schema: Shopify 'returns no checkout URL' as no cart at all.
        if (fault?.fault.kind === 'no-checkout-url') return { cart: null, userErrors: [], warnings: [] }
        const cart: Cart = {
          token: crypto.randomUUID().replaceAll('-', ''),
          lines: (input.lines ?? []).map((l) => ({ variantId: l.merchandiseId, quantity: l.quantity ?? 1 })),
          countryCode: input.buyerIdentity?.countryCode ?? null,
          language,
          discountCodes: input.discountCodes ?? [],
          note: input.note ?? null,
          attributes: input.attributes ?? [],
        }
        carts.set(cart.token, cart)
        return { cart: cartOf(cart), userErrors: [], warnings: [] }
      },
    }
  }

  async function graphql(request: Request, socket?: { destroy(): void }): Promise<Response> {
    const origin = new URL(request.url).origin
    let body: { query?: unknown; variables?: unknown; operationName?: unknown }
    try {
      body = (await request.json()) as typeof body
    } catch {
      return Response.json({ errors: [{ message: 'Invalid JSON in request body' }] }, { status: 400 })
    }
    const query = typeof body.query === 'string' ? body.query : ''
    let document: ReturnType<typeof parse>
    try {
      document = parse(query)
    } catch (error) {
      return Response.json({ errors: [{ message: (error as Error).message, extensions: { code: 'PARSE_ERROR' } }] })
    }
    const operation = document.definitions.find((d) => d.kind === 'OperationDefinition')
    const operationName = operation && 'name' in operation ? (operation.name?.value ?? null) : null
    const variables = (body.variables ?? {}) as Record<string, unknown>
    calls.push({ operationName, variables, headers: Object.fromEntries(request.headers) })

    if (gate) await gate
    const delay = operationLatencyMs.get(operationName as Operation) ?? latencyMs
    if (delay) await new Promise((r) => setTimeout(r, delay))

    if (
      !request.headers.get('X-Shopify-Storefront-Access-Token') &&
      !request.headers.get('Shopify-Storefront-Private-Token')
    ) {
      return Response.json(
        { errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHORIZED' } }] },
        { status: 401 },
      )
    }

    // Shopify refusing some buyers by their address (Shopify-Storefront-Buyer-IP, sent with a private token), as its bot protection can.
    const buyer = request.headers.get('Shopify-Storefront-Buyer-IP')
    if (operationName === 'CartCreate' && buyer && refusedBuyers.has(buyer))
      return Response.json({ errors: [{ message: 'Payment Required' }] }, { status: 402 })
    const injected = fault && (!fault.only || fault.only === operationName) ? fault.fault : null
    if (injected?.kind === 'disconnect') {
      socket?.destroy() // the connection drops with no answer at all
      return new Promise<Response>(() => {})
    }
    if (injected) {
      const answer = faultResponse(injected)
      if (answer) return answer
    }

    const errors = validate(storefrontSchema(), document)
    if (errors.length > 0) {
      return Response.json({
        errors: errors.map((e) => ({
          message: e.message,
          locations: e.locations,
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        })),
      })
    }
    // Shopify's schema declares @defer/@stream, which graphql 17 only executes through this entry.
    const result = await experimentalExecuteIncrementally({
      schema: storefrontSchema(),
      document,
      rootValue: resolvers(
        origin,
        contextArgument(operation, variables, 'country'),
        contextArgument(operation, variables, 'language'),
      ),
      variableValues: variables,
    })
    return Response.json(result)
  }

  function faultResponse(f: Fault): Response | Promise<Response> | null {
    switch (f.kind) {
      case 'status':
        return Response.json({ errors: [{ message: `Injected status ${f.status}` }] }, { status: f.status })
      case 'graphql-errors':
        return Response.json({
          data: null,
          errors: (f.messages ?? ['Throttled', 'Internal error']).map((message) => ({ message })),
        })
      case 'malformed-json':
        return new Response('{"data": {"product": ', { headers: { 'Content-Type': 'application/json' } })
      case 'bad-shape':
        return Response.json({ data: { surprise: true } })
      case 'empty':
        return new Response('', { headers: { 'Content-Type': 'application/json' } })
      case 'oversized':
        return new Response(`{"data":{"padding":"${'x'.repeat(f.bytes ?? 8 * 1024 * 1024)}"}}`, {
          headers: { 'Content-Type': 'application/json' },
        })
      case 'hang':
        return new Promise<Response>(() => {})
      case 'no-checkout-url':
      case 'disconnect':
        return null
    }
  }

  function checkoutPage(token: string, url: URL): Response {
    const cart = carts.get(token)
    if (!cart) return new Response('Checkout not found', { status: 404 })
    const lookup = variants()
    const where = marketOf(cart.countryCode)
    const unit = (variantId: string) => Number(priceIn(where, lookup.get(variantId)!.v.price.amount))
    const rows = cart.lines.map((l) => {
      const { v, p } = lookup.get(l.variantId)!
      return `<tr><td>${escapeHtml(p.title)} (${escapeHtml(v.title)})</td><td data-qty>${l.quantity}</td><td>${formatMoney({ amount: String(unit(l.variantId) * l.quantity), currencyCode: where.currency })}</td></tr>`
    })
    const total = cart.lines.reduce((sum, l) => sum + unit(l.variantId) * l.quantity, 0)
    return new Response(
      `<!doctype html><html lang="${escapeHtml(url.searchParams.get('locale') ?? 'en')}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Checkout – Storefront double</title><link rel="icon" href="data:,"></head><body>` +
        `<h1>Checkout (local Storefront double)</h1><p>Channel: <span id="channel">${escapeHtml(url.searchParams.get('channel') ?? '')}</span></p>` +
        `<table><thead><tr><th>Item</th><th>Qty</th><th>Price</th></tr></thead><tbody>${rows.join('')}</tbody></table>` +
        `<p>Total: <strong id="total">${formatMoney({ amount: String(total), currencyCode: where.currency })}</strong> <span id="currency">${where.currency}</span></p>` +
        `<p>Discount codes: <span id="discounts">${escapeHtml(cart.discountCodes.join(','))}</span></p>` +
        `<p>Note: <span id="note">${escapeHtml(cart.note ?? '')}</span></p>` +
        `<p style="overflow-wrap:anywhere">Attributes: <span id="attributes">${escapeHtml(cart.attributes.map(({ key, value }) => `${key}=${value}`).join('&'))}</span></p>` +
        (cart.completed
          ? '<p id="paid">Paid. Thank you for your order.</p>'
          : `<form method="post" action="/checkouts/cn/${escapeHtml(token)}/pay"><button type="submit">Pay now</button></form>`) +
        '</body></html>',
      { headers: { 'Content-Type': 'text/html; charset=utf-8' } },
    )
  }

  /**
   * The buyer pays: Shopify completes the cart (the API then answers it as null) and tells the
   * shop with a signed orders/create, retried until the shop takes it. Resolves once it did,
   * or the retries ran out; a cart paid already, or unknown, is null.
   */
  function pay(token: string): { delivered: Promise<boolean> } | null {
    const cart = carts.get(token)
    if (!cart || cart.completed) return null
    cart.completed = true
    const lookup = variants()
    const where = marketOf(cart.countryCode)
    const primary = marketOf(PRIMARY_COUNTRY)
    const payload = orderPayload({
      token: cart.token,
      countryCode: where.country,
      currency: where.currency,
      attributes: cart.attributes,
      note: cart.note,
      lines: cart.lines.map((line) => {
        const { v, p } = lookup.get(line.variantId)!
        return {
          variantId: line.variantId,
          title: p.title,
          variantTitle: v.title,
          sku: v.sku ?? null,
          quantity: line.quantity,
          unit: Number(priceIn(where, v.price.amount)),
          shopUnit: Number(priceIn(primary, v.price.amount)),
        }
      }),
    })
    return { delivered: webhooks.deliver('orders/create', payload) }
  }

  // Every API answer names the version that answered; asked for one it does not serve, Shopify answers with the oldest it does.
  const namesVersion: MiddlewareHandler = async (c, next) => {
    await next()
    c.res.headers.set(API_VERSION_HEADER, servedVersion)
  }
  const app = new Hono()
    .use('/api/*', namesVersion)
    .use('/admin/api/*', namesVersion)
    .post('/api/:version/graphql.json', (c) =>
      graphql(c.req.raw, (c.env as { incoming?: { socket: { destroy(): void } } } | undefined)?.incoming?.socket),
    )
    // The Admin API, for the one query the shop makes of it (src/monitoring/price-inclusions.ts):
    // each market's price inclusions and countries. Shopify's Admin schema is not kept here, so
    // any other operation is refused rather than answered in a shape the real API might not have.
    .post('/admin/api/:version/graphql.json', async (c) => {
      if (!c.req.header('X-Shopify-Access-Token') || adminRefused)
        return c.json({ errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' }, 401)
      const { query } = (await c.req.json()) as { query?: string }
      const operation = parse(query ?? '').definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)
      if (operation?.name?.value !== 'MarketPriceInclusions')
        return c.json({ errors: [{ message: 'The double answers only MarketPriceInclusions' }] }, 400)
      const nodes = Object.keys(MARKETS).map((country) => ({
        name: COUNTRY_NAMES[country] ?? country,
        status: 'ACTIVE',
        priceInclusions: {
          inclusiveTaxPricingStrategy: inclusionsOf(country).tax ? 'INCLUDES_TAXES_IN_PRICE' : 'ADD_TAXES_AT_CHECKOUT',
          inclusiveDutiesPricingStrategy: inclusionsOf(country).duties
            ? 'INCLUDE_DUTIES_IN_PRICE'
            : 'ADD_DUTIES_AT_CHECKOUT',
        },
        conditions: { regionsCondition: { regions: { nodes: [{ code: country }] } } },
      }))
      return c.json({ data: { markets: { nodes } } })
    })
    .get('/checkouts/cn/:token', (c) => checkoutPage(c.req.param('token'), new URL(c.req.url)))
    // The checkout's Pay button, and a test's way to pay over HTTP: the order is made at once,
    // and Shopify's webhook follows on its own (the page does not wait for the shop).
    .post('/checkouts/cn/:token/pay', (c) => {
      const token = c.req.param('token')
      if (!pay(token)) return c.text('No checkout to pay: unknown, or paid already', 409)
      return c.redirect(`/checkouts/cn/${encodeURIComponent(token)}`, 303)
    })
    // The Universal Commerce Protocol profile Shopify hosts on every store's own domain.
    .on(['GET', 'HEAD'], ['/.well-known/ucp', '/.well-known/ucp/:version'], (c) => {
      const version = c.req.param('version')
      const url = new URL(c.req.url)
      ucpCalls.push({
        method: c.req.method,
        path: url.pathname,
        headers: Object.fromEntries(c.req.raw.headers),
        search: url.search,
      })
      // The older version the current profile names; Shopify keeps no other.
      if (version !== undefined && version !== OLDER_UCP_VERSION) return c.json({ error: 'Not found' }, 404)
      if (ucpAnswer) return ucpAnswer(url.origin)
      if (ucpFailure) return c.json({ error: 'Internal error' }, ucpFailure.status as 500)
      const body = JSON.stringify(ucpProfile(url.origin, version))
      // Shopify's CDN answers a request with the profile's validator as unchanged.
      if (c.req.header('If-None-Match') === `"ucp-${body.length}"`)
        return c.body(null, 304, { ETag: `"ucp-${body.length}"` })
      return c.body(body, 200, {
        'Content-Type': 'application/json',
        ETag: `"ucp-${body.length}"`,
        'Last-Modified': 'Tue, 01 Sep 2026 00:00:00 GMT',
        'Set-Cookie': '_shopify_y=visitor-7; Path=/; HttpOnly',
        'X-Request-Id': 'shopify-internal-3b1f',
        'Cache-Control': 'max-age=300',
      })
    })
    // The store's UCP endpoint over MCP (JSON-RPC): answers every call, and keeps what it was sent.
    .post('/api/ucp/mcp', async (c) => {
      const body = await c.req.text()
      ucpMcpCalls.push({ headers: Object.fromEntries(c.req.raw.headers), body })
      const id = (JSON.parse(body) as { id?: unknown }).id ?? null
      // A session cookie and a public lifetime, neither of which the shop may pass on to an agent.
      return c.json({ jsonrpc: '2.0', id, result: { tools: [{ name: 'search_catalog' }] } }, 200, {
        'Set-Cookie': '_shopify_s=session; Path=/',
        'Cache-Control': 'public, max-age=600',
      })
    })
    .get(`${CDN_PATH}:file`, (c) => cdn.serve(c.req.param('file'), new URL(c.req.url), c.req.header('Accept') ?? ''))
    .get(`${ELSEWHERE_PATH}:file`, (c) => cdn.serveOriginal(c.req.param('file')))
    // The failure switch, for tests and the benchmark driving a double in another process.
    .post('/__double/fault', async (c) => {
      const body = (await c.req.json()) as { fault: Fault | null; only?: Operation }
      control.setFault(body.fault, body.only)
      return c.json({ ok: true })
    })
    .post('/__double/latency', async (c) => {
      control.latencyMs = Number(((await c.req.json()) as { ms: number }).ms) || 0
      return c.json({ ok: true })
    })
    .get('/__double/calls', (c) => c.json(calls))
    .post('/__double/reset', (c) => {
      control.reset()
      return c.json({ ok: true })
    })

  const control = {
    fetch: (request: Request, env?: unknown) => app.fetch(request, env),
    calls,
    products,
    carts,
    get latencyMs() {
      return latencyMs
    },
    set latencyMs(ms: number) {
      latencyMs = ms
    },
    /** Answers `operation` after `ms` instead of latencyMs. */
    setOperationLatency(operation: Operation, ms: number) {
      operationLatencyMs.set(operation, ms)
    },
    ucpCalls,
    get shipsTo() {
      return shipsTo
    },
    set shipsTo(countries: string[]) {
      shipsTo = countries
    },
    ucpMcpCalls,
    /**
     * The owner adds a market in Shopify's admin (Settings → Markets): the country, its name,
     * currency, price and checkout languages; shipped to unless said otherwise. Until reset.
     */
    addMarket(country: string, name: string, market: DoubleMarket, { ships = true } = {}) {
      added.push(country)
      MARKETS[country] = market
      COUNTRY_NAMES[country] = name
      if (ships) shipsTo = [...shipsTo, country]
    },
    /** The owner changes a market's price inclusions in Shopify's admin. */
    setPriceInclusions(country: string, next: { tax: boolean; duties: boolean }) {
      inclusions.set(country, next)
    },
    /** The Admin API refuses the shop's token (revoked, or without read_markets) until called with false. */
    refuseAdmin(refused: boolean) {
      adminRefused = refused
    },
    /** The UCP profile is answered by `answer` until called with null. */
    answerUcp(answer: ((origin: string) => Response) | null) {
      ucpAnswer = answer
    },
    /** The UCP profile answers `status` (a 5xx) until called with null. */
    failUcp(status: number | null) {
      ucpFailure = status === null ? null : { status }
    },
    /** Where checkoutUrl points; by default the double's own origin. */
    set checkoutOrigin(next: string | null) {
      checkoutOrigin = next
    },
    /** Where orders/create goes when a buyer pays, signed with the app's `secret`; null: no subscription. */
    sendOrdersTo(target: { url: string; secret: string } | null) {
      webhooks.subscribe(target)
    },
    /** How long Shopify waits before each retry of a delivery the shop did not take. */
    set webhookRetryDelaysMs(next: number[]) {
      webhooks.retryDelaysMs = next
    },
    /** Every try at delivering a webhook so far. */
    webhookAttempts: () => webhooks.attempts(),
    /** Pays the cart (its id or token), as the checkout's Pay button does; resolves once the shop took the order (true) or the retries ran out. */
    pay(cartId: string): Promise<boolean> {
      const paid = pay(cartId.replace('gid://shopify/Cart/', '').split('?')[0]!)
      if (!paid) throw new Error(`no cart to pay: ${cartId}`)
      return paid.delivered
    },
    /** The shopper paid on the hosted checkout: Shopify forgets the cart. */
    completeCart(cartId: string) {
      const cart = carts.get(cartId.replace('gid://shopify/Cart/', '').split('?')[0]!)
      if (!cart) throw new Error(`no cart ${cartId}`)
      cart.completed = true
    },
    callsOf(operation: Operation) {
      return calls.filter((c) => c.operationName === operation)
    },
    /** cartCreate answers 402 to these buyers' addresses (Shopify-Storefront-Buyer-IP), and to nobody else. */
    refuseBuyers(ips: string[]) {
      for (const ip of ips) refusedBuyers.add(ip)
    },
    setFault(next: Fault | null, only?: Operation) {
      fault = next ? { fault: next, only } : null
    },
    /** Shopify answers every call with `version` (as when the pinned one is no longer served and it falls forward); null: the pinned one again. */
    answerWithVersion(version: string | null) {
      servedVersion = version ?? API_VERSION
    },
    /** Holds every GraphQL answer until the returned function is called. */
    hold(): () => void {
      let release!: () => void
      gate = new Promise<void>((resolve) => (release = resolve))
      return () => {
        gate = null
        release()
      }
    },
    reset() {
      calls.length = 0
      fault = null
      servedVersion = API_VERSION
      refusedBuyers.clear()
      latencyMs = 0
      operationLatencyMs.clear()
      checkoutOrigin = null
      ucpFailure = null
      ucpAnswer = null
      ucpMcpCalls.length = 0
      shipsTo = SHIPS_TO
      inclusions.clear()
      adminRefused = false
      for (const country of added.splice(0)) {
        delete MARKETS[country]
        delete COUNTRY_NAMES[country]
      }
      ucpCalls.length = 0
      gate = null
      webhooks.reset()
      carts.clear()
      products.clear()
      products.set('toddler-blanket', blanket())
    },
  }
  return control
}

export type StorefrontDouble = ReturnType<typeof createStorefrontDouble>

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export { signedWebhookHeaders } from './orders.ts'
