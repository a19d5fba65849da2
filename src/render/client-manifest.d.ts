/** Vite's build manifest (dist/client/.vite/manifest.json), bundled in through wrangler.toml's [alias]. */
declare module 'client-manifest' {
  const manifest: Record<string, { file: string; css?: string[]; imports?: string[] }>
  export default manifest
}
