/**
 * Stands in for Vite's build manifest under `npm run dev` (vite.dev.config.ts aliases
 * 'client-manifest' here): every source file is its own module, served by Vite's dev server.
 */
const manifest: Record<string, { file: string; imports?: string[] }> = new Proxy(
  {},
  { get: (_, key) => ({ file: String(key) }) },
)
export default manifest
