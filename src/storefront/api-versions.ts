import { z } from 'zod'
import type { StorefrontConfig } from '../config.ts'
import { storefrontFetch } from './client.ts'

// The versions Shopify says it serves; the answer's header names the one that answered.
export const API_VERSIONS_QUERY = /* GraphQL */ `
  query ApiVersions {
    publicApiVersions {
      handle
      supported
    }
  }
`

const apiVersionsData = z.object({
  publicApiVersions: z.array(z.object({ handle: z.string(), supported: z.boolean() })),
})

/** The version that answered (`X-Shopify-API-Version`, null when none was named) and the stable versions Shopify supports. */
export async function fetchApiVersions(
  config: StorefrontConfig,
): Promise<{ answered: string | null; supported: string[] }> {
  let answered: string | null = null
  const data = await storefrontFetch(config, {
    query: API_VERSIONS_QUERY,
    variables: {},
    data: apiVersionsData,
    answeredVersion: (version) => {
      answered = version
    },
  })
  return {
    answered,
    supported: data.publicApiVersions
      .filter((version) => version.supported && /^\d{4}-\d{2}$/.test(version.handle))
      .map((version) => version.handle),
  }
}
