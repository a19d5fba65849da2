import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { expect, test } from 'vitest'

// The docs a newcomer reads in an hour: README.md, docs/ and bench/README.md together at most
// 90 KB (a warning from 85 KB, so a change sees it coming), and no commit ids, whose history
// is git's. The figures `npm run bench` writes into bench/README.md between its markers
// (bench/run.ts) are generated, rewritten by every run and read as tables: not counted.
const DOCS = ['README.md', ...readdirSync('docs').map((file) => `docs/${file}`), 'bench/README.md'].filter((file) =>
  file.endsWith('.md'),
)
const GENERATED = /<!-- bench:start -->[\s\S]*<!-- bench:end -->/
const COMMIT_ID = /\b(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}\b/g
const WARN_BYTES = 85_000
const MAX_BYTES = 90_000

const written = (file: string) => readFileSync(file, 'utf8').replace(GENERATED, '')

test(`the docs together, less the generated figures, are at most ${MAX_BYTES / 1000} KB`, () => {
  const bytes = DOCS.reduce((total, file) => total + Buffer.byteLength(written(file)), 0)
  if (bytes > WARN_BYTES)
    console.warn(`docs: ${bytes} bytes, past ${WARN_BYTES}: make room before the ${MAX_BYTES} limit`)
  expect(bytes).toBeLessThanOrEqual(MAX_BYTES)
})

test('the generated figures are where bench/run.ts writes them, once, and in no file of their own', () => {
  // The bench's own results file in Markdown held the same table again, outside both rules: the
  // tree keeps one copy (its name is built, since named-paths.test.ts holds every named path to exist).
  expect(existsSync(['bench', 'results.md'].join('/'))).toBe(false)
  expect(readFileSync('bench/README.md', 'utf8').match(/<!-- bench:(start|end) -->/g)).toEqual([
    '<!-- bench:start -->',
    '<!-- bench:end -->',
  ])
})

test('the docs name no commit', () => {
  const named = DOCS.flatMap((file) =>
    (readFileSync(file, 'utf8').match(COMMIT_ID) ?? []).map((id) => `${file}: ${id}`),
  )
  expect(named).toEqual([])
})
