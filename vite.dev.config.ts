// `npm run dev`: the app's source under Vite's dev server with hot reload, and the Worker in
// workerd through Cloudflare's Vite plugin, rendering each page from the source as it is
// now (src/local/dev.ts). `npm run build` and deploys use vite.config.ts and wrangler.
import { cloudflare } from '@cloudflare/vite-plugin'
import react from '@vitejs/plugin-react'
import UnoCSS from 'unocss/vite'
import { defineConfig } from 'vite'
import { shopPhotos } from './scripts/photos/vite-plugin-shop-photos.ts'
import { starterScript } from './scripts/starter/vite-plugin-starter.ts'
import { fileURLToPath } from 'node:url'

const vars = JSON.parse(process.env.DEV_VARS ?? '{}') as Record<string, string>

export default defineConfig({
  // The Worker's build manifest, which wrangler.toml's [alias] names; Vite does not read that.
  resolve: { alias: { 'client-manifest': fileURLToPath(new URL('./src/local/dev-manifest.ts', import.meta.url)) } },
  // No index.html to start from: have Vite find the browser's dependencies in the app's
  // source up front, rather than one by one as pages ask for them (each find reloads the page).
  optimizeDeps: { entries: ['client/**/*.{ts,tsx}'] },
  plugins: [
    UnoCSS(),
    react(),
    shopPhotos(),
    // The page's starter script and its CSP hash ('starter-script', another [alias] Vite does not read).
    starterScript(),
    cloudflare({
      configPath: './wrangler.toml',
      persistState: false,
      config: (worker) => {
        worker.main = './src/local/dev.ts'
        worker.vars = { ...worker.vars, ...vars }
        // Deployed, the Worker runs first on every path but the static files
        // (wrangler.toml, run_worker_first). Here Vite's own paths (/@vite/client, the app's
        // source under /client/) must reach Vite: a path Vite does not serve still reaches
        // the Worker, so every page does.
        if (worker.assets) worker.assets = { ...worker.assets, run_worker_first: false }
      },
    }),
  ],
})
