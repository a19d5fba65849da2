/**
 * A business profile shaped like the Universal Commerce Protocol specification's example
 * (Universal-Commerce-Protocol/ucp, docs/specification/overview, 'Profile Structure',
 * 'Business Profile'): the `ucp` member with its version, services, capabilities and payment
 * handlers, as Shopify publishes one for each store at `/.well-known/ucp`, its endpoints on
 * the store's own domain.
 */
const VERSION = '2026-04-08'

export function ucpProfile(storeOrigin: string) {
  const spec = (path: string) => `https://ucp.dev/${VERSION}/specification/${path}`
  const schema = (path: string) => `https://ucp.dev/${VERSION}/${path}`
  return {
    ucp: {
      version: VERSION,
      services: {
        'dev.ucp.shopping': [
          {
            version: VERSION,
            spec: spec('overview/'),
            transport: 'mcp',
            endpoint: `${storeOrigin}/api/ucp/mcp`,
            schema: schema('services/shopping/mcp.openrpc.json'),
          },
          {
            version: VERSION,
            spec: spec('overview/'),
            transport: 'embedded',
            schema: schema('services/shopping/embedded.openrpc.json'),
          },
        ],
      },
      capabilities: {
        'dev.ucp.shopping.cart': [
          { version: VERSION, spec: spec('shopping/cart'), schema: schema('schemas/shopping/cart.json') },
        ],
        'dev.ucp.shopping.checkout': [
          { version: VERSION, spec: spec('shopping/checkout'), schema: schema('schemas/shopping/checkout.json') },
        ],
        'dev.ucp.shopping.fulfillment': [
          {
            version: VERSION,
            spec: spec('fulfillment'),
            schema: schema('schemas/shopping/fulfillment.json'),
            extends: 'dev.ucp.shopping.checkout',
          },
        ],
      },
      payment_handlers: {
        'com.shopify.shop_pay': [
          {
            id: 'shop_pay',
            version: VERSION,
            spec: 'https://shopify.dev/docs/agents/ucp/shop-pay',
            config: { buy_link: `${storeOrigin}/buy` },
          },
        ],
      },
    },
  }
}
