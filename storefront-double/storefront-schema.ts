import { readFileSync } from 'node:fs'
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql'
import { API_VERSION } from '../src/storefront/api-version.ts'

/**
 * Shopify's published schema of the Storefront API version the shop pins (src/storefront/
 * api-version.ts), as `@shopify/hydrogen-react` ships it for that version
 * (docs/storefront-api.md): the double validates and executes every document against it, and
 * test/unit/graphql-documents.test.ts checks the shop's documents with it. Named by the
 * version, so moving the pin without the schema fails at once.
 */
export const SCHEMA_FILE = new URL(`./storefront-${API_VERSION}.schema.json`, import.meta.url)

/**
 * The schema, built without graphql-js's own check of it: graphql 17 refuses Shopify's 2026-04
 * schema, whose `MediaPresentation.id` is deprecated while the `Node.id` it implements is not
 * (a rule graphql-js added; Shopify's API serves it as published). Documents are still
 * validated against it in full.
 */
export function buildStorefrontSchema(): GraphQLSchema {
  return buildClientSchema(JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as IntrospectionQuery, { assumeValid: true })
}
