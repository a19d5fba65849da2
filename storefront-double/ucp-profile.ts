/**
 * A business profile shaped as Shopify has served one on every store's domain since
 * 2026-08-28: the Universal Commerce Protocol's 2026-08-25 shape (Universal-Commerce-Protocol/ucp,
 * docs/specification/overview, 'Business Profile', 'Protocol Version'), with its services,
 * capabilities and payment handlers, the store's signing keys as a JWK Set in the top-level
 * `keys` (`ucp.signing_keys` before), and `supported_versions` naming the 2026-04-08 profile,
 * which is served too (`ucpProfile(origin, '2026-04-08')`), in that version's shape.
 */
export const UCP_VERSION = '2026-08-25'
export const OLDER_UCP_VERSION = '2026-04-08'

/** The store's public signing key (an ES256 key on P-256, as the specification's example). */
const SIGNING_KEY = {
  kid: 'shopify_2026',
  kty: 'EC',
  crv: 'P-256',
  x: 'qIVYZVLCrPZHGHjP17CTW0_-D9Lfw0EkjqF7xB4FivA',
  y: 'Mc4nN9LTDOBhfoUeg8Ye9WedFRhnZXZJA12Qp0zZ6F0',
  use: 'sig',
  alg: 'ES256',
}

export function ucpProfile(storeOrigin: string, version = UCP_VERSION) {
  const spec = (path: string) => `https://ucp.dev/${version}/specification/${path}`
  const schema = (path: string) => `https://ucp.dev/${version}/${path}`
  const current = version === UCP_VERSION
  const ucp = {
    version,
    // A version-specific profile is a leaf: it names no other versions.
    ...(current && {
      supported_versions: { [OLDER_UCP_VERSION]: `${storeOrigin}/.well-known/ucp/${OLDER_UCP_VERSION}` },
    }),
    services: {
      'dev.ucp.shopping': [
        {
          version,
          spec: spec('overview/'),
          transport: 'mcp',
          endpoint: `${storeOrigin}/api/ucp/mcp`,
          schema: schema('services/shopping/mcp.openrpc.json'),
        },
        {
          version,
          spec: spec('overview/'),
          transport: 'embedded',
          schema: schema('services/shopping/embedded.openrpc.json'),
        },
      ],
    },
    capabilities: {
      'dev.ucp.shopping.cart': [{ version, spec: spec('shopping/cart'), schema: schema('schemas/shopping/cart.json') }],
      'dev.ucp.shopping.checkout': [
        { version, spec: spec('shopping/checkout'), schema: schema('schemas/shopping/checkout.json') },
      ],
      'dev.ucp.shopping.fulfillment': [
        {
          version,
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
          version,
          spec: 'https://shopify.dev/docs/agents/ucp/shop-pay',
          config: { buy_link: `${storeOrigin}/buy` },
        },
      ],
    },
  }
  return current ? { ucp, keys: [SIGNING_KEY] } : { ucp: { ...ucp, signing_keys: [SIGNING_KEY] } }
}
