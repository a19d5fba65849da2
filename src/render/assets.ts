import manifest from '../../dist/client/.vite/manifest.json'

type ManifestEntry = { file: string; css?: string[]; imports?: string[] }

const entry = (manifest as Record<string, ManifestEntry>)['client/entry.tsx']
if (!entry) throw new Error('dist/client/.vite/manifest.json has no client/entry.tsx: run `vite build` first')

/** The hashed files of the browser bundle, as built by `vite build`. */
export const clientAssets = {
  script: `/${entry.file}`,
  styles: (entry.css ?? []).map((file) => `/${file}`),
}

let styles: Promise<string> | undefined

/**
 * The stylesheet's text, read once per isolate from the static assets, to inline in every
 * page: first paint then needs nothing but the HTML (it is ~5 KB gzip).
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
