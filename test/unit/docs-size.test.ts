import { readdirSync, readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

// The docs a newcomer reads in an hour: README.md, docs/ and bench/README.md together at most
// 90 KB, and no commit ids, whose history is git's.
const DOCS = ['README.md', ...readdirSync('docs').map((file) => `docs/${file}`), 'bench/README.md'].filter((file) =>
  file.endsWith('.md'),
)
const COMMIT_ID = /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/g

test('the docs together are at most 90 KB', () => {
  const bytes = DOCS.reduce((total, file) => total + Buffer.byteLength(readFileSync(file, 'utf8')), 0)
  expect(bytes).toBeLessThanOrEqual(90_000)
})

test('the docs name no commit', () => {
  const named = DOCS.flatMap((file) =>
    (readFileSync(file, 'utf8').match(COMMIT_ID) ?? []).map((id) => `${file}: ${id}`),
  )
  expect(named).toEqual([])
})
