// docs/architecture.md's 'Adding a page', carried out as written, in a copy of client/: its
// two files from the doc's code blocks and its line in the page table. The result must
// type-check, and the table must then show the page where every tier and the footer look.
import { execFile } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'

const doc = readFileSync('docs/architecture.md', 'utf8')
const section = doc.slice(doc.indexOf('## Adding a page'), doc.indexOf('\n## ', doc.indexOf('## Adding a page') + 1))
/** The code block under the numbered step that names `file`, unindented. */
function block(file: string): string {
  const step = section.slice(section.indexOf(`\`${file}\``))
  const code = /```tsx?\n([\s\S]*?)\n\s*```/.exec(step)![1]!
  return `${code.replace(/^ {3}/gm, '')}\n`
}
const tableLine = /`client\/pages\/pages\.ts`: `(care: \{.*\},)`/.exec(section)?.[1]

test('the add-a-page example in docs/architecture.md compiles as written and puts the page in the table', {
  timeout: 60_000,
}, async () => {
  expect(tableLine).toBeDefined()
  const root = mkdtempSync(join(tmpdir(), 'add-a-page-'))
  try {
    cpSync('client', join(root, 'client'), { recursive: true })
    for (const file of ['tsconfig.base.json']) cpSync(file, join(root, file))
    symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir')
    mkdirSync(join(root, 'client/pages/care'))
    writeFileSync(join(root, 'client/pages/care/page.tsx'), block('client/pages/care/page.tsx'))
    writeFileSync(join(root, 'client/pages/care/meta.ts'), block('client/pages/care/meta.ts'))
    const table = join(root, 'client/pages/pages.ts')
    writeFileSync(
      table,
      readFileSync(table, 'utf8').replace(
        /^(\s*)privacy: .*$/m,
        (line, indent: string) => `${line}\n${indent}${tableLine}`,
      ),
    )
    writeFileSync(
      join(root, 'tsconfig.json'),
      JSON.stringify({
        extends: './tsconfig.base.json',
        compilerOptions: { noEmit: true, lib: ['ES2023', 'DOM', 'DOM.Iterable'], types: ['vite/client'] },
        include: ['client'],
      }),
    )
    const tsc = await promisify(execFile)(resolve('node_modules/.bin/tsc'), ['-p', join(root, 'tsconfig.json')]).catch(
      (error: { stdout: string }) => error,
    )
    expect('stdout' in tsc ? tsc.stdout : '').toBe('')
    const { PAGE_EXAMPLES, FOOTER_PAGES, pageSource } = await import(/* @vite-ignore */ `${table}`)
    expect(PAGE_EXAMPLES).toContainEqual({ name: 'care', path: '/care' })
    expect(FOOTER_PAGES).toContainEqual({ label: 'Care', path: '/care' })
    expect(pageSource('care')).toBe('client/pages/care/page.tsx')
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
})
