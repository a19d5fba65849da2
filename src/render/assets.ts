// Vite's manifest of the browser bundle, which wrangler.toml's [alias] points at; named, not
// a path into dist/, so the code type-checks before anything is built (client-manifest.d.ts).
import manifest from 'client-manifest'
import { PAGES, pageSource, type PageName } from '../../client/pages/pages.ts'

const chunks = manifest
const ENTRY = 'client/browser/entry.tsx'
const entry = chunks[ENTRY]
const stylesheet = chunks['style.css'] // one, for the whole app (vite.config.ts: cssCodeSplit)
if (!entry || !stylesheet)
  throw new Error(`dist/client/.vite/manifest.json lacks ${ENTRY} or style.css: run \`vite build\` first`)

function modulesOf(page: PageName): string[] {
  const files = new Set<string>()
  const add = (key: string) => {
    const chunk = chunks[key]
    if (!chunk) throw new Error(`dist/client/.vite/manifest.json has no ${key}: rebuild the client`)
    if (files.has(`/${chunk.file}`)) return
    files.add(`/${chunk.file}`)
    for (const imported of chunk.imports ?? []) add(imported)
  }
  add(ENTRY)
  const source = pageSource(page)
  if (source) add(source)
  return [...files]
}

// Fixed by the build: worked out once when the Worker starts (a wrong manifest key fails
// there), not on every request.
const modulesByPage = Object.fromEntries(
  (Object.keys(PAGES) as PageName[]).map((page) => [page, modulesOf(page)]),
) as Record<PageName, string[]>

/** The hashed files of the browser bundle, as built by `vite build`. */
export const clientAssets = {
  script: `/${entry.file}`,
  styles: [`/${stylesheet.file}`],
  /** Every module a page needs before it can hydrate: the entry, the page, what they import. */
  modulesFor: (page: PageName): string[] => modulesByPage[page],
}

let styles: Promise<string> | undefined

/**
 * The stylesheet's text, read once per isolate from the static assets, to inline in every
 * page: first paint then needs nothing but the HTML (its size: bench/README.md's figures, 'inline CSS').
 */
export function inlineStyles(assets: Fetcher): Promise<string> {
  styles ??= Promise.all(
    clientAssets.styles.map(async (path) => {
      const response = await assets.fetch(new Request(`https://assets.invalid${path}`))
      if (!response.ok) throw new Error(`stylesheet ${path} answered ${response.status}`)
      return response.text()
    }),
  )
    .then((sheets) => sheets.join('\n'))
    .catch((error) => {
      styles = undefined // try again on the next request
      throw error
    })
  return styles
}
