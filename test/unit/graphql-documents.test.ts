import { readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { buildClientSchema, parse, validate } from 'graphql'
import { expect, test } from 'vitest'

const require = createRequire(import.meta.url)
const schema = buildClientSchema(require('../../storefront-double/storefront-2025-07.schema.json'))

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

const documents = documentsInSrc()

test('src/ holds the product query and the cartCreate mutation', () => {
  const names = documents.map((d) => /(query|mutation) (\w+)/.exec(d.source)?.[2])
  expect(names).toEqual(expect.arrayContaining(['ProductByHandle', 'CartCreate']))
})

test.each(documents.map((d) => [d.file, d.source]))('%s: document is valid against Storefront 2025-07', (_, source) => {
  const errors = validate(schema, parse(source))
  expect(errors.map((e) => e.message)).toEqual([])
})

test('no document uses a field deprecated in 2025-07', () => {
  for (const { source } of documents) {
    expect(source).not.toMatch(/productByHandle|\bvalues\b(?!:)/)
  }
})

test('the schema check itself rejects a document the API would reject', () => {
  const errors = validate(schema, parse('query { product(handle: "x") { notAField } }'))
  expect(errors.length).toBeGreaterThan(0)
})
