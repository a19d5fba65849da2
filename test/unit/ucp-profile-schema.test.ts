import { expect, test } from 'vitest'
import { profileProblem } from '../../src/routes/ucp-profile-schema.ts'
import { OLDER_UCP_VERSION, UCP_VERSION, ucpProfile } from '../../storefront-double/ucp-profile.ts'

// The proxied profile held to the UCP specification's required members (2026-08-25 schemas:
// profile.json, ucp.json `business_schema`, service.json, capability.json, payment_handler.json),
// each rule shown by a profile that breaks it alone; every member the schemas leave open passes.

const STORE = 'https://blanket-shop.myshopify.com'
type Profile = ReturnType<typeof ucpProfile> & { ucp: Record<string, unknown>; keys?: Record<string, unknown>[] }
const profile = (): Profile => structuredClone(ucpProfile(STORE)) as Profile
const broken = (edit: (p: Profile & { ucp: any }) => void) => {
  const p = profile()
  edit(p as Profile & { ucp: any })
  return profileProblem(p, null)
}

test('Shopify’s 2026-08-25 profile, and its 2026-04-08 one at that version’s path, are profiles', () => {
  expect(profileProblem(profile(), null)).toBeNull()
  expect(profile().ucp.supported_versions).toEqual({
    [OLDER_UCP_VERSION]: `${STORE}/.well-known/ucp/${OLDER_UCP_VERSION}`,
  })
  expect(profile().keys?.[0]).toMatchObject({ kid: 'shopify_2026', kty: 'EC' })
  expect(profileProblem(ucpProfile(STORE, OLDER_UCP_VERSION), OLDER_UCP_VERSION)).toBeNull()
})

test.each([
  ['no ucp', (p: any) => delete p.ucp, /^ucp /],
  ['no version', (p: any) => delete p.ucp.version, /^ucp\.version /],
  ['a version not YYYY-MM-DD', (p: any) => (p.ucp.version = '2026-8-25'), /^ucp\.version is not a YYYY-MM-DD version/],
  ['no services', (p: any) => delete p.ucp.services, /^ucp\.services /],
  ['no payment handlers', (p: any) => delete p.ucp.payment_handlers, /^ucp\.payment_handlers /],
  [
    'a service name that is no reverse-domain name',
    (p: any) => (p.ucp.services.Shopping = []),
    /^ucp\.services\.Shopping Invalid key/,
  ],
  [
    'a service of no known transport',
    (p: any) => (p.ucp.services['dev.ucp.shopping'][0].transport = 'smtp'),
    /transport/,
  ],
  [
    'an MCP service with no endpoint',
    (p: any) => delete p.ucp.services['dev.ucp.shopping'][0].endpoint,
    /endpoint names no endpoint/,
  ],
  ['a service with no version', (p: any) => delete p.ucp.services['dev.ucp.shopping'][1].version, /version/],
  ['a capability with no schema', (p: any) => delete p.ucp.capabilities['dev.ucp.shopping.cart'][0].schema, /schema/],
  ['a payment handler with no id', (p: any) => delete p.ucp.payment_handlers['com.shopify.shop_pay'][0].id, /\.id /],
  ['a key with no kid', (p: any) => delete p.keys[0].kid, /^keys\.0\.kid /],
  ['a private key', (p: any) => (p.keys[0].d = 'c2VjcmV0'), /holds private key material/],
  ['a symmetric key', (p: any) => (p.keys[0].k = 'c2VjcmV0'), /holds private key material/],
  [
    'an older version mapped to no URI',
    (p: any) => (p.ucp.supported_versions['2026-04-08'] = 'here'),
    /supported_versions/,
  ],
])('%s: refused, named', (_name, edit, problem) => {
  expect(broken(edit)).toMatch(problem)
})

test('what the schemas leave open passes: members they do not name, key types and transports’ own config', () => {
  expect(
    broken((p) => {
      p.ucp.map_order = ['services']
      p.ucp.services['dev.ucp.shopping'][1].config = { delegate: ['payment'] }
      p.keys!.push({ kid: 'wba', kty: 'OKP', crv: 'Ed25519', x: 'JrQLj5P_89iXES9', alg: 'EdDSA' })
      p.keys!.push({ kid: 'future', kty: 'PQ', x: 'abc' })
      ;(p as Record<string, unknown>).signing_keys = []
    }),
  ).toBeNull()
})

test('at a version’s path: that version’s leaf profile only', () => {
  expect(profileProblem(profile(), OLDER_UCP_VERSION)).toBe(`ucp.version is ${UCP_VERSION}, not ${OLDER_UCP_VERSION}`)
  const leafNamingOthers = structuredClone(ucpProfile(STORE, OLDER_UCP_VERSION)) as { ucp: Record<string, unknown> }
  leafNamingOthers.ucp.supported_versions = { '2026-01-23': `${STORE}/.well-known/ucp/2026-01-23` }
  expect(profileProblem(leafNamingOthers, OLDER_UCP_VERSION)).toBe(
    'a version-specific profile names supported_versions',
  )
})
