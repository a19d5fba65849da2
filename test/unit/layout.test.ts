// The layout docs/architecture.md describes, held: imports point one way.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { expect, test } from 'vitest'

const sources = execFileSync('git', ['ls-files', 'src', 'client', 'domain'], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file))

/** Every relative import of a file, as a path from the repository's root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) => normalize(join(dirname(file), m[1]!)))
}

const crossings = (from: (file: string) => boolean, to: (target: string) => boolean) =>
  sources.filter(from).flatMap((file) => importsOf(file).filter(to).map((target) => `${file} → ${target}`))

test('the app never imports the Worker or browser-only code', () => {
  const app = (file: string) => file.startsWith('client/') && !file.startsWith('client/browser/')
  expect(crossings(app, (target) => target.startsWith('src/') || target.startsWith('client/browser/'))).toEqual([])
})

test('domain/ imports nothing of either side', () => {
  expect(crossings((file) => file.startsWith('domain/'), (target) => target.startsWith('src/') || target.startsWith('client/'))).toEqual([])
})

test('the Worker never imports browser-only code', () => {
  expect(crossings((file) => file.startsWith('src/'), (target) => target.startsWith('client/browser/'))).toEqual([])
})
