import { z } from 'zod'

/**
 * A UCP business profile's required members, as the specification's 2026-08-25 schemas give
 * them (Universal-Commerce-Protocol/ucp, source/schemas: profile.json `business_schema`,
 * ucp.json `business_schema`, service.json, capability.json, payment_handler.json; the
 * overview's 'Business Profile' and 'Protocol Version'). Every other member is open
 * ("additionalProperties": true) and passed on as Shopify wrote it: the proxy (ucp.ts) checks
 * only that what it republishes under the shop's name is a profile, and never a private key.
 */

/** ucp.json `$defs.version`. */
export const UCP_VERSION = /^\d{4}-\d{2}-\d{2}$/
const version = z.string().regex(UCP_VERSION, 'is not a YYYY-MM-DD version')
/** common/types/reverse_domain_name.json. */
const reverseDomain = z
  .string()
  .regex(/^[a-z](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9_-]*[a-z0-9_])?)+$/, 'is not a reverse-domain name')
const registry = <T extends z.ZodType>(entry: T) => z.record(reverseDomain, z.array(entry))

/** ucp.json `$defs.entity`: every service, capability and payment handler has a version. */
const entity = z.looseObject({ version, spec: z.url().optional(), schema: z.url().optional() })

/** service.json `business_schema`: a transport, and an endpoint for every one but `embedded`. */
const service = entity
  .extend({ transport: z.enum(['rest', 'mcp', 'a2a', 'embedded']), endpoint: z.url().optional() })
  .refine((entry) => entry.transport === 'embedded' || entry.endpoint, {
    message: 'names no endpoint',
    path: ['endpoint'],
  })

/** capability.json `business_schema`: the schema an agent composes. */
const capability = entity.extend({ schema: z.url() })

/** payment_handler.json `base`: an id. */
const paymentHandler = entity.extend({ id: z.string() })

/** Members that make a JWK private (profile.json `jwk_public_key`'s `not`): a profile publishes public keys only. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'] as const

/** profile.json `jwk_public_key`: a kid and a key type, and nothing private. */
const publicKey = z
  .looseObject({ kid: z.string(), kty: z.string() })
  .refine((key) => PRIVATE_MEMBERS.every((member) => !(member in key)), 'holds private key material')

export const businessProfile = z.looseObject({
  ucp: z.looseObject({
    version,
    services: registry(service),
    capabilities: registry(capability).optional(),
    payment_handlers: registry(paymentHandler),
    // Older protocol versions, each mapped to its own complete profile ('Protocol Version').
    supported_versions: z.record(version, z.url()).optional(),
  }),
  // The canonical place of the profile's signing keys, a JWK Set (2026-08-25; `signing_keys` before).
  keys: z.array(publicKey).optional(),
})

export type BusinessProfile = z.infer<typeof businessProfile>

/**
 * Why `body` is not the profile asked for, or null: not a business profile, or, asked at
 * `/.well-known/ucp/{version}`, not that version's leaf profile, whose `ucp.version` is the
 * path's and which names no other versions ('Protocol Version': version-specific profiles
 * 'MUST NOT contain a supported_versions field'; platforms 'MUST verify' the version).
 */
export function profileProblem(body: unknown, askedVersion: string | null): string | null {
  const parsed = businessProfile.safeParse(body)
  if (!parsed.success)
    return parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'} ${issue.message}`)
      .join('; ')
  if (askedVersion === null) return null
  if (parsed.data.ucp.version !== askedVersion) return `ucp.version is ${parsed.data.ucp.version}, not ${askedVersion}`
  if (parsed.data.ucp.supported_versions) return 'a version-specific profile names supported_versions'
  return null
}
