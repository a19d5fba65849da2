// CI: the production Worker builds (`wrangler deploy --dry-run --env production`) and fits
// Cloudflare's limit for a compressed Worker. Prints the size either way.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'

const LIMIT_BYTES = 3 * 1024 * 1024 // Workers Free plan, after compression (Paid: 10 MiB)
execFileSync('wrangler', ['deploy', '--dry-run', '--env', 'production', '--outdir', 'dist/production'], {
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
})
const compressed = gzipSync(readFileSync('dist/production/index.js'), { level: 9 }).length
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`
console.log(
  `production Worker: ${kib(compressed)} gzip of ${kib(LIMIT_BYTES)} allowed (${((100 * compressed) / LIMIT_BYTES).toFixed(0)}%)`,
)
if (compressed > LIMIT_BYTES) process.exit(1)
