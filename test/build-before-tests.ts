// The global setup of the built tiers: the Worker tests run the bundle wrangler builds
// (dist/worker, and dist/production for the deploy checks), and the browser tests its client
// bundle, so every run builds them first from the code as it is. A test run never meets an old
// build. Both tiers name this setup; the flag on the main process's global keeps it to one build.
import { execFileSync } from 'node:child_process'

const BUILT = Symbol.for('blanket-shop.built')

export default function buildBeforeTests() {
  const state = globalThis as { [BUILT]?: boolean }
  if (state[BUILT]) return
  // Not Vitest's NODE_ENV=test: Vite would build React's development bundle, not the one deployed.
  const { NODE_ENV: _, ...inherited } = process.env
  const env = { ...inherited, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
  for (const script of ['build:production', 'build']) {
    execFileSync('npm', ['run', '--silent', script], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  }
  state[BUILT] = true
}
