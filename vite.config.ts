import react from '@vitejs/plugin-react'
import UnoCSS from 'unocss/vite'
import { defineConfig } from 'vite'

// Builds the browser bundle only; wrangler bundles the Worker, which reads the manifest
// to link the hashed files.
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
      resolveDependencies: (chunk, deps) => deps.filter((dep) => dep !== chunk && !/\/(entry|framework|rolldown-runtime)-/.test(dep)),
    },
    rolldownOptions: {
      input: 'client/entry.tsx',
      output: {
        codeSplitting: {
          // React, jotai and Vite's preload helper in one file that survives deploys in the
          // browser's cache; left to itself, Rolldown splits React across chunks as pages
          // start to share it, and gives the helper a file of its own.
          groups: [{ name: 'framework', test: /[\/]node_modules[\/](react|react-dom|scheduler|jotai)[\/]|^\0vite\/preload-helper/ }],
        },
      },
    },
  },
})
