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
      input: 'client/browser/entry.tsx',
      output: {
        // V8's explicit compile hint (Chrome 136+; a comment, so inert elsewhere): compile every
        // function of React, ReactDOM and jotai eagerly on the streaming thread while the file
        // downloads, rather than lazily on the main thread when hydration first calls each one.
        // Measured here: about 20 ms less main-thread CPU per page load (README, "Choices worth knowing").
        // After minification, which would drop it; it must be the file's first line.
        postBanner: (chunk) => (chunk.name === 'framework' ? '//# allFunctionsCalledOnLoad' : ''),
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
