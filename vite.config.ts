import react from '@vitejs/plugin-react'
import UnoCSS from 'unocss/vite'
import { defineConfig, type Plugin, type Rollup } from 'vite'
import { shopPhotos } from './scripts/photos/vite-plugin-shop-photos.ts'
import { starterScript } from './scripts/starter/vite-plugin-starter.ts'

// The files every page has loaded before anything lazy is imported: the entry and all it
// imports statically (src/render/assets.ts has the starter import them). Read off the
// finished bundle before Vite writes the preload lists, so no chunk is known by its name.
const loadedAtStart = new Set<string>()
const readLoadedAtStart: Plugin = {
  name: 'read-loaded-at-start',
  generateBundle: {
    order: 'pre',
    handler(_, bundle) {
      loadedAtStart.clear()
      const add = (file: string) => {
        const chunk = bundle[file] as Rollup.OutputChunk
        if (loadedAtStart.has(file)) return
        loadedAtStart.add(file)
        chunk.imports.forEach(add)
      }
      for (const output of Object.values(bundle)) if (output.type === 'chunk' && output.isEntry) add(output.fileName)
    },
  },
}

// Builds the browser bundle only; wrangler bundles the Worker, which reads the manifest
// to link the hashed files. The chunk settings each move a figure of `npm run bench`
// (bench/README.md, 'What each mechanism is worth', has a row for each).
export default defineConfig({
  plugins: [UnoCSS(), react(), readLoadedAtStart, shopPhotos(), starterScript()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // One stylesheet, which the Worker inlines into every page; split per chunk, Vite would
    // also <link> it again whenever a page chunk loads (a second parse and a full restyle).
    cssCodeSplit: false,
    modulePreload: {
      // A lazy chunk's own imports are preloaded alongside it, except the ones every page
      // has loaded before anything lazy is imported (import() fetches the chunk itself):
      // listing those too fetches nothing and costs critical JavaScript (bench/README.md,
      // 'What each mechanism is worth', the preload filter).
      resolveDependencies: (chunk, deps) => deps.filter((dep) => dep !== chunk && !loadedAtStart.has(dep)),
    },
    rolldownOptions: {
      input: 'client/browser/entry.tsx',
      output: {
        // A page's files are all page.tsx, sections.tsx, meta.ts: their chunks are named by
        // their folder (home-page-…js), so a file list or a waterfall says which page is which.
        chunkFileNames: (chunk) => {
          const page = /client\/pages\/([\w-]+)\/(\w+)\.tsx?$/.exec(chunk.facadeModuleId ?? '')
          return page ? `assets/${page[1]}-${page[2]}-[hash].js` : 'assets/[name]-[hash].js'
        },
        codeSplitting: {
          // React, jotai and Vite's preload helper in one file that survives deploys in the
          // browser's cache. Left to itself, Rolldown puts ReactDOM in the entry (which every
          // deploy changes) and splits React and jotai into chunks of their own: more critical
          // JavaScript in one more file (bench/README.md, 'What each mechanism is worth').
          groups: [
            {
              name: 'framework',
              test: /[/]node_modules[/](react|react-dom|scheduler|jotai)[/]|^\0vite\/preload-helper/,
            },
          ],
        },
      },
    },
  },
})
