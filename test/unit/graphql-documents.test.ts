import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parse, TypeInfo, validate, visit, visitWithTypeInfo } from 'graphql'
import { expect, test } from 'vitest'
import { API_VERSION } from '../../src/storefront/api-version.ts'
import { buildStorefrontSchema, SCHEMA_FILE } from '../../storefront-double/storefront-schema.ts'

// Every Storefront document the shop sends, checked against Shopify's published schema of the
// version it pins (docs/storefront-api.md): a document the API would refuse fails here.
const schema = buildStorefrontSchema()

/** Every `/* GraphQL *\/` template in src/, so a new document is checked without listing it here. */
function documentsInSrc(dir = 'src'): { file: string; source: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return documentsInSrc(path)
    if (!/\.tsx?$/.test(entry.name)) return []
    const text = readFileSync(path, 'utf8')
    return [...text.matchAll(/\/\* GraphQL \*\/\s*`([^`]*)`/g)].map((m) => ({ file: path, source: m[1]! }))
  })
}

/** What a document uses that the schema marks deprecated: fields, arguments and enum values. */
function deprecatedIn(source: string): string[] {
  const found: string[] = []
  const types = new TypeInfo(schema)
  visit(
    parse(source),
    visitWithTypeInfo(types, {
      Field(node) {
        const field = types.getFieldDef()
        if (field?.deprecationReason) found.push(`${types.getParentType()}.${node.name.value}`)
      },
      Argument(node) {
        if (types.getArgument()?.deprecationReason) found.push(`argument ${node.name.value}`)
      },
      EnumValue(node) {
        if (types.getEnumValue()?.deprecationReason) found.push(`enum value ${node.value}`)
      },
    }),
  )
  return found
}

const documents = documentsInSrc()

test('the schema checked against is the pinned version’s', () => {
  expect(SCHEMA_FILE.pathname.endsWith(`/storefront-double/storefront-${API_VERSION}.schema.json`)).toBe(true)
})

test('src/ holds the product query and the cartCreate mutation', () => {
  const names = documents.map((d) => /(query|mutation) (\w+)/.exec(d.source)?.[2])
  expect(names).toEqual(expect.arrayContaining(['ProductByHandle', 'CartCreate']))
})

test.each(documents.map((d) => [d.file, d.source]))(
  `%s: document is valid against Storefront ${API_VERSION}`,
  (_, source) => {
    const errors = validate(schema, parse(source))
    expect(errors.map((e) => e.message)).toEqual([])
  },
)

test.each(documents.map((d) => [d.file, d.source]))(`%s: uses nothing deprecated in ${API_VERSION}`, (_, source) => {
  expect(deprecatedIn(source)).toEqual([])
})

test('the checks themselves refuse what the API would refuse or deprecates', () => {
  expect(validate(schema, parse('query { product(handle: "x") { notAField } }')).length).toBeGreaterThan(0)
  expect(deprecatedIn('query { productByHandle(handle: "x") { id } }')).toEqual(['QueryRoot.productByHandle'])
  expect(deprecatedIn('query { product(handle: "x") { options { values } } }')).toEqual(['ProductOption.values'])
})
