import react from '@vitejs/plugin-react'
import UnoCSS from 'unocss/vite'
import { defineConfig } from 'vite'

// The chunk that holds React, ReactDOM and jotai (see `groups` below).
const FRAMEWORK = 'framework'
// Every page's starter imports these before anything else (src/render/assets.ts): the entry,
// its framework chunk and Rolldown's runtime.
const LOADED_AT_START = new RegExp(`/(entry|${FRAMEWORK}|rolldown-runtime)-`)

// Builds the browser bundle only; wrangler bundles the Worker, which reads the manifest
// to link the hashed files. Each mechanism here moves a figure of `npm run bench`, given
// beside it (bench/README.md, 'What each mechanism is worth').
export default defineConfig({
  plugins: [UnoCSS(), react()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    // One stylesheet, which the Worker inlines into every page; split per chunk, Vite would
    // also <link> it again whenever a page chunk loads (a second parse and a full restyle).
    cssCodeSplit: false,
    modulePreload: {
      // A lazy chunk's own imports are preloaded alongside it, except the ones every page
      // has loaded before anything lazy is imported (import() fetches the chunk itself).
      // Listing those too costs 164 bytes gzip of critical JavaScript and fetches nothing.
      resolveDependencies: (chunk, deps) => deps.filter((dep) => dep !== chunk && !LOADED_AT_START.test(dep)),
    },
    rolldownOptions: {
      input: 'client/browser/entry.tsx',
      output: {
        codeSplitting: {
          // React, jotai and Vite's preload helper in one file that survives deploys in the
          // browser's cache. Left to itself, Rolldown puts ReactDOM in the entry (which every
          // deploy changes), splits React and jotai into chunks of their own, and each page
          // then starts with 646 bytes gzip more critical JavaScript in one more file.
          groups: [{ name: FRAMEWORK, test: /[\/]node_modules[\/](react|react-dom|scheduler|jotai)[\/]|^\0vite\/preload-helper/ }],
        },
      },
    },
  },
})
