// Every file the docs and the code's comments name is there: a path left behind by a move or
// a rename sends the next engineer looking for what is gone.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

const ROOTS = ['src', 'client', 'test', 'scripts', 'bench', 'docs', 'storefront-double', '.ci']
const TOP = ['README.md', 'wrangler.toml', 'vite.config.ts', 'vite.dev.config.ts', 'vitest.config.ts', 'uno.config.ts', 'package.json']
const readers = [
  ...TOP,
  ...ROOTS.filter(existsSync).flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`)),
].filter((file) => /\.(tsx?|md|toml)$|^\.ci\/run$/.test(file) && !file.startsWith('bench/pages-before/') && !file.includes('node_modules'))

// A path from the repository's root to a file, as the docs and comments write one.
const PATH = /(?<![\w./-])((?:src|client|test|scripts|bench|docs|public|storefront-double)\/[\w./-]*\.(?:tsx?|md|json|toml|svg|css|html|txt))\b/g

// docs/architecture.md's 'Adding a page' names the files a new page would have.
const EXAMPLE_PAGE = 'client/pages/care/'

test('every file path named in the docs and in comments exists', () => {
  const missing: string[] = []
  for (const file of readers) {
    const text = readFileSync(file, 'utf8')
    for (const [, path] of text.matchAll(PATH)) if (!existsSync(path!) && !/[{}*<>]/.test(path!) && !path!.startsWith(EXAMPLE_PAGE)) missing.push(`${file} names ${path}`)
  }
  expect([...new Set(missing)]).toEqual([])
})
