// `npm start`: the shop on http://127.0.0.1:8787 through `wrangler dev`, against the local
// Storefront double on :8788 — unless .dev.vars names a real store, in which case wrangler
// reads it and no double is started. `npm run dev` (`--dev`) is the same under Vite's dev
// server, with hot reload of the app (vite.dev.config.ts).
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { parseEnv } from 'node:util'
import { ConfigError, readConfig, type Bindings } from '../src/config.ts'
import { startStorefrontDouble } from '../storefront-double/server.ts'

const port = Number(process.env.PORT ?? 8787)
const doublePort = Number(process.env.DOUBLE_PORT ?? 8788)
// The dotenv syntax wrangler reads .dev.vars with (quotes, comments, `export`), in Node itself.
const devVars = parseEnv(existsSync('.dev.vars') ? readFileSync('.dev.vars', 'utf8') : '')
const realStore = Boolean(devVars.SHOPIFY_STORE_DOMAIN?.trim())

const vars: string[] = []
// Links in pages name the address the shop is served on here, unless .dev.vars says otherwise.
const localOrigin = `http://127.0.0.1:${port}`
if (devVars.SHOP_ORIGIN === undefined) vars.push('--var', `SHOP_ORIGIN:${localOrigin}`)
let stopDouble = async () => {}
if (realStore) {
  // The same check the Worker makes, said here before anything starts.
  try {
    readConfig({ SHOP_ORIGIN: localOrigin, ...devVars } as Bindings)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(`.dev.vars: ${error.message}`)
    process.exit(1)
  }
  console.log('Using the Shopify store named in .dev.vars.')
} else {
  const double = await startStorefrontDouble(doublePort)
  stopDouble = double.close
  // The double's checkout pays as Shopify's does, and tells the shop with a signed orders/create.
  const webhookSecret = devVars.SHOPIFY_WEBHOOK_SECRET?.trim() || 'local-double-webhook-secret'
  double.double.sendOrdersTo({ url: `${localOrigin}/webhooks/orders/create`, secret: webhookSecret })
  vars.push(
    '--var',
    `SHOPIFY_STORE_DOMAIN:${double.origin}`,
    '--var',
    'SHOPIFY_STOREFRONT_TOKEN:local-double-token',
    '--var',
    'SHOPIFY_ADMIN_TOKEN:local-double-admin-token',
    '--var',
    `SHOPIFY_WEBHOOK_SECRET:${webhookSecret}`,
  )
  console.log(`Storefront double (stands in for Shopify) on ${double.origin}`)
}

// Being a shopper elsewhere: `SHOPPER_COUNTRY=DE npm start` puts that country on every request
// (src/local/shopper-country.ts), as Cloudflare would for a shopper in Germany.
const shopperCountry = process.env.SHOPPER_COUNTRY?.trim().toUpperCase()
if (shopperCountry) {
  // Whatever request.cf.country can be: an ISO code, T1 (Tor) or XX (Cloudflare could not tell).
  if (!/^[A-Z][A-Z0-9]$/.test(shopperCountry)) {
    console.error(
      `SHOPPER_COUNTRY=${process.env.SHOPPER_COUNTRY}: give a two-character country code as Cloudflare writes it, like DE, T1 or XX`,
    )
    process.exit(1)
  }
  vars.push('--var', `LOCAL_SHOPPER_COUNTRY:${shopperCountry}`)
  console.log(`Shopping from ${shopperCountry} (SHOPPER_COUNTRY).`)
}

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
const wrangler = process.argv.includes('--dev')
  ? spawn('vite', ['--config', 'vite.dev.config.ts', '--host', '127.0.0.1', '--port', String(port), '--strictPort'], {
      stdio: 'inherit',
      env: {
        ...env,
        DEV_VARS: JSON.stringify(
          Object.fromEntries(vars.filter((_, i) => i % 2 === 1).map((v) => v.split(/:(.*)/s).slice(0, 2))),
        ),
      },
    })
  : // --test-scheduled: the Cron Trigger's checkout check runs on asking (wrangler.toml, [triggers]).
    spawn('wrangler', ['dev', '--ip', '127.0.0.1', '--port', String(port), '--test-scheduled', ...vars], {
      stdio: 'inherit',
      env,
    })
console.log(`\n  Starting the shop on ${localOrigin}: the first build takes a minute or two…\n`)
// Said once the shop answers there, not before: wrangler builds the client first.
void (async () => {
  for (let exited = false; !exited; await new Promise((resolve) => setTimeout(resolve, 1000))) {
    exited = wrangler.exitCode !== null
    const answered = await fetch(localOrigin, { method: 'HEAD', signal: AbortSignal.timeout(5000) }).then(
      () => true,
      () => false,
    )
    if (!answered) continue
    console.log(`\n  The shop: ${localOrigin}\n`)
    if (!process.argv.includes('--dev'))
      console.log(`  The scheduled checkout check, by hand: curl "${localOrigin}/__scheduled?cron=*/5+*+*+*+*"\n`)
    return
  }
})()

const stop = async () => {
  wrangler.kill('SIGINT')
  await stopDouble()
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
wrangler.on('exit', async (code) => {
  await stopDouble()
  process.exit(code ?? 0)
})
