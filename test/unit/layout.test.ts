// The layout docs/architecture.md describes, held: imports point one way.
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { expect, test } from 'vitest'

const sources = ['src', 'client']
  .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`))
  .filter((file) => /\.tsx?$/.test(file))

/** Every relative import of a file, as a path from the repository's root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)].map((m) =>
    normalize(join(dirname(file), m[1]!)),
  )
}

const crossings = (from: (file: string) => boolean, to: (target: string) => boolean) =>
  sources.filter(from).flatMap((file) =>
    importsOf(file)
      .filter(to)
      .map((target) => `${file} → ${target}`),
  )

test('the app never imports the Worker or browser-only code', () => {
  const app = (file: string) => file.startsWith('client/') && !file.startsWith('client/browser/')
  expect(crossings(app, (target) => target.startsWith('src/') || target.startsWith('client/browser/'))).toEqual([])
})

test('client/model/ (what both sides agree on) imports nothing but itself', () => {
  expect(
    crossings(
      (file) => file.startsWith('client/model/'),
      (target) => !target.startsWith('client/model/'),
    ),
  ).toEqual([])
})

// A page's meta is the Worker's: the browser never loads it, and it renders nothing.
const isMeta = (file: string) => /^client\/pages\/[\w-]+\/meta\.ts$/.test(file)

test("a page's meta is the Worker's: nothing in client/ imports one, and it imports no component", () => {
  expect(
    crossings(
      (file) => file.startsWith('client/'),
      (target) => isMeta(`${target}.ts`) || isMeta(target),
    ),
  ).toEqual([])
  expect(
    crossings(isMeta, (target) => target.startsWith('client/components/') || /\/page$|\/sections$/.test(target)),
  ).toEqual([])
})

test('every page of the table is a folder with its view and its meta, and every folder is in the table', async () => {
  const { PAGES, pageSource } = await import('../../client/pages/pages.ts')
  const folders = sources
    .filter((file) => /^client\/pages\/[\w-]+\/page\.tsx$/.test(file))
    .map((file) => file.split('/')[2])
  expect(folders.sort()).toEqual(Object.keys(PAGES).sort())
  for (const name of Object.keys(PAGES) as (keyof typeof PAGES)[]) {
    expect(sources).toContain(`client/pages/${name}/meta.ts`)
    const source = pageSource(name)
    if (source) expect(sources).toContain(source)
  }
})

test('the Worker never imports browser-only code', () => {
  expect(
    crossings(
      (file) => file.startsWith('src/'),
      (target) => target.startsWith('client/browser/'),
    ),
  ).toEqual([])
})

/** The source file an import names, extension and all (null for one outside src/ and client/). */
function fileOf(target: string): string | null {
  for (const suffix of ['', '.ts', '.tsx', '/index.ts', '/index.tsx'])
    if (sources.includes(target + suffix)) return target + suffix
  return null
}

// A circle, even of type imports only, means two modules that cannot be read, changed or
// tested one without the other (rate-limit.ts once needed the app's env for its middleware).
test('no import circle among src/ and client/, type imports included', () => {
  const graph = new Map(
    sources.map((file) => [
      file,
      importsOf(file)
        .map(fileOf)
        .filter((target): target is string => target !== null),
    ]),
  )
  const circles: string[] = []
  const state = new Map<string, 'open' | 'done'>()
  const path: string[] = []
  const visit = (file: string) => {
    if (state.get(file) === 'done') return
    if (state.get(file) === 'open') return void circles.push([...path.slice(path.indexOf(file)), file].join(' → '))
    state.set(file, 'open')
    path.push(file)
    for (const target of graph.get(file) ?? []) visit(target)
    path.pop()
    state.set(file, 'done')
  }
  for (const file of sources) visit(file)
  expect(circles).toEqual([])
})

// The top folders stand in layers, each importing only those below it: the app's model and
// components (client), the Worker (src), the stand-in for Shopify (storefront-double), the
// tools that run the shop (scripts, whose harness/ the tests, the bench and the npm scripts
// share), the benchmark (bench), the tests (test). An import up a layer would tie a lower
// folder to a higher one's reasons to change, and two folders importing each other are one.
const LAYERS = ['client', 'src', 'storefront-double', 'scripts', 'bench', 'test']

test('no top folder imports one above it, so no two import each other', () => {
  const files = LAYERS.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => `${dir}/${file}`),
  ).filter((file) => /\.tsx?$/.test(file) && !file.includes('node_modules') && !file.startsWith('bench/pages-before/'))
  const layer = (path: string) => LAYERS.indexOf(path.split('/')[0]!)
  const upward = files.flatMap((file) =>
    importsOf(file)
      .filter((target) => layer(target) > layer(file))
      .map((target) => `${file} → ${target}`),
  )
  expect(upward).toEqual([])
})
