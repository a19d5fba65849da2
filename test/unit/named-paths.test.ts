// Every file the docs and the code's comments name is there: a path left behind by a move or
// a rename sends the next engineer looking for what is gone.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

const ROOTS = ['src', 'client', 'test', 'scripts', 'bench', 'docs', 'storefront-double', '.ci']
const TOP = [
  'README.md',
  'wrangler.toml',
  'vite.config.ts',
  'vite.dev.config.ts',
  'vitest.config.ts',
  'uno.config.ts',
  'package.json',
  'biome.jsonc',
  'tsconfig.base.json',
]
const readers = [
  ...TOP,
  ...ROOTS.filter(existsSync).flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`),
  ),
].filter(
  (file) =>
    /\.(tsx?|md|toml)$|^\.ci\/run$/.test(file) &&
    !file.startsWith('bench/pages-before/') &&
    !file.includes('node_modules'),
)

// A path from the repository's root to a file, as the docs and comments write one.
const PATH =
  /(?<![\w./-])((?:src|client|test|scripts|bench|docs|public|storefront-double)\/[\w./-]*\.(?:tsx?|md|json|toml|svg|css|html|txt))\b/g

// docs/architecture.md's 'Adding a page' names the files a new page would have.
const EXAMPLE_PAGE = 'client/pages/care/'

test('every file path named in the docs and in comments exists', () => {
  const missing: string[] = []
  for (const file of readers) {
    const text = readFileSync(file, 'utf8')
    for (const [, path] of text.matchAll(PATH))
      if (!existsSync(path!) && !/[{}*<>]/.test(path!) && !path!.startsWith(EXAMPLE_PAGE))
        missing.push(`${file} names ${path}`)
  }
  expect([...new Set(missing)]).toEqual([])
})

// A name in back quotes in the docs (`clientAssets`, `RENDER_DEADLINE_MS`, `knownQuantityAtom`):
// one with a capital inside or an underscore, so a name of the code's rather than a word, a
// command or a path. Of a dotted one (`clientAssets.modulesFor`) each part is looked for.
const NAME = /`([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)(?:\(\))?`/g
const isCodeName = (name: string) => /[a-z][A-Z]|_|^[A-Z][a-z]+[A-Z]/.test(name) && !THEIRS.has(name)
/** Names of others' that the docs quote: Shopify's access scopes and cookie, Chrome's trace events, Lighthouse's, Cloudflare's and TypeScript's settings, vaul's drag state and option. */
const THEIRS = new Set([
  'unauthenticated_read_product_listings',
  'unauthenticated_write_checkouts',
  'read_orders',
  'webhookSubscriptionCreate',
  'ORDERS_CREATE',
  'unique_visitor_id',
  'FunctionCall',
  'RunMicrotasks',
  'UpdateLayoutTree',
  'DocumentLoader',
  'layoutTaskMultiplier',
  'enable_ctx_exports',
  'isDragging',
  'handleOnly',
  'rewriteRelativeImportExtensions',
])

test('every name of the code that the docs put in back quotes is in the code or its settings', () => {
  const code = [
    ...TOP,
    ...ROOTS.filter((dir) => dir !== 'docs' && existsSync(dir)).flatMap((dir) =>
      readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`),
    ),
  ]
    .filter(
      (file) =>
        /\.(tsx?|toml|jsonc?)$|^\.ci\/run$/.test(file) &&
        !file.includes('node_modules') &&
        !file.startsWith('bench/pages-before/'),
    )
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n')
  const missing: string[] = []
  for (const file of readers.filter((file) => file.endsWith('.md'))) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(NAME)) {
      for (const part of name!.split('.').filter(isCodeName))
        if (!new RegExp(`\\b${part.replace(/\$/g, '\\$')}\\b`).test(code)) missing.push(`${file} names \`${part}\``)
    }
  }
  expect([...new Set(missing)]).toEqual([])
})

// A file named in back quotes by its name alone (`page-routes.tsx`, in a sentence about its folder).
test('every file the docs name in back quotes by its name alone is somewhere in the repository', () => {
  const names = new Set(
    [...ROOTS, 'public']
      .filter(existsSync)
      .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => file.split('/').pop()!)),
  )
  for (const file of readdirSync('.')) names.add(file)
  const missing: string[] = []
  for (const file of readers.filter((file) => file.endsWith('.md'))) {
    for (const [, name] of readFileSync(file, 'utf8').matchAll(/`([\w.-]+\.(?:tsx?|md|toml|json|svg|css))`/g))
      if (!names.has(name!) && !name!.includes('*')) missing.push(`${file} names ${name}`)
  }
  expect([...new Set(missing)]).toEqual([])
})

// The mutation run names its files itself: a module renamed out from under it is mutated no
// more, and the score the docs give covers less than they say.
test('every file stryker.config.json mutates exists', () => {
  const { mutate } = JSON.parse(readFileSync('stryker.config.json', 'utf8')) as { mutate: string[] }
  expect(mutate.filter((path) => !existsSync(path))).toEqual([])
})
