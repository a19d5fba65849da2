// The page's starter (client/starter/), built from TypeScript into the one classic script
// every page inlines, with the Content-Security-Policy hash of exactly what ships. The
// browser build writes both to dist/client/.vite/starter.json, which the Worker reads
// through wrangler.toml's [alias] ('starter-script'); the unit tests, which build nothing,
// get the same module from this plugin (vitest.unit.config.ts).
import { createHash } from 'node:crypto'
import { build, type Plugin, type Rolldown } from 'vite'

export type BuiltStarter = { script: string; hash: string }

const ENTRY = new URL('../../client/starter/inline.ts', import.meta.url).pathname
const MODULE_ID = 'starter-script'
const RESOLVED_ID = '\0starter-script'

/** Builds the starter: one IIFE, minified, for the browsers the shop supports (ES2017, as Vite's). */
export async function buildStarter(): Promise<BuiltStarter> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      target: 'es2017',
      lib: { entry: ENTRY, formats: ['iife'], name: 'startApp', fileName: () => 'starter.js' },
    },
  })) as Rolldown.RolldownOutput[]
  const chunk = output[0]!.output.find((file) => file.type === 'chunk')!
  // No trailing newline: the bytes hashed are the bytes in the page.
  const script = chunk.code.trim()
  if (script.includes('<'))
    throw new Error('the starter would end its own <script> element early: it must not contain "<"')
  return { script, hash: `'sha256-${createHash('sha256').update(script).digest('base64')}'` }
}

export function starterScript(): Plugin {
  let built: Promise<BuiltStarter> | undefined
  const starter = () => (built ??= buildStarter())
  return {
    name: 'starter-script',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id === RESOLVED_ID) return `export default ${JSON.stringify(await starter())}`
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: '.vite/starter.json', source: JSON.stringify(await starter()) })
    },
  }
}
