import manifest from '../../dist/client/.vite/manifest.json'

type ManifestEntry = { file: string; css?: string[]; imports?: string[] }

const entry = (manifest as Record<string, ManifestEntry>)['client/entry.tsx']
if (!entry) throw new Error('dist/client/.vite/manifest.json has no client/entry.tsx: run `vite build` first')

/** The hashed files of the browser bundle, as built by `vite build`. */
export const clientAssets = {
  script: `/${entry.file}`,
  styles: (entry.css ?? []).map((file) => `/${file}`),
}
