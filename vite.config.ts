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
    rollupOptions: { input: 'client/entry.tsx' },
  },
})
