// Vitest's global setup: the Worker tests run the bundle wrangler builds (dist/worker, and
// dist/production for the deploy checks), and the browser tests its client bundle, so every
// run builds them first from the code as it is. A test run never meets an old build.
import { execFileSync } from 'node:child_process'

export default function buildBeforeTests() {
  // Not Vitest's NODE_ENV=test: Vite would build React's development bundle, not the one deployed.
  const { NODE_ENV: _, ...inherited } = process.env
  const env = { ...inherited, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
  for (const script of ['build:production', 'build']) {
    execFileSync('npm', ['run', '--silent', script], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  }
}
