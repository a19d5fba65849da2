// `npm run check:readme` (in .ci/run): every command in README.md's shell blocks, run as it
// is written there, in a shell, from the project's root. A command that serves the shop
// (`npm start` and its variants, `npm run dev`) must answer `/`, a market page and the
// Storefront double's GraphQL endpoint, and `npm run report` must read the running shop's
// stand-in; then each is stopped and its ports freed. A command the README gains that this
// table does not know fails the check, so no README command goes untried.
import { API_VERSION } from '../src/storefront/api-version.ts'
import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'

type Served = { shop: number; double: number }
/** How each README command is tried. */
type Trial =
  /** `home`: words the shared address must show (the shopper's market's price, say). */
  | { kind: 'serves'; ports: Served; market: string; home?: string }
  | { kind: 'runs' }
  | { kind: 'elsewhere'; why: string }

const DEFAULT: Served = { shop: 8787, double: 8788 }
const TRIALS: Record<string, Trial> = {
  'npm ci && npm start': { kind: 'serves', ports: DEFAULT, market: '/en-de' },
  'SHOPPER_COUNTRY=DE npm start': { kind: 'serves', ports: DEFAULT, market: '/en-fr', home: '€35' },
  'PORT=8080 DOUBLE_PORT=8081 npm start': { kind: 'serves', ports: { shop: 8080, double: 8081 }, market: '/en-ca' },
  'npm run dev': { kind: 'serves', ports: DEFAULT, market: '/en-de' },
  'npm run test:unit': { kind: 'runs' },
  'npm run check:bundle': { kind: 'elsewhere', why: '.ci/run runs it after npm test' },
  'npm run check:readme': { kind: 'elsewhere', why: 'this is it' },
  'npm test': { kind: 'elsewhere', why: '.ci/run runs it' },
  'npm run format': { kind: 'elsewhere', why: 'it writes files; npm run lint (in npm test) fails where it would' },
  'npm run bench': { kind: 'elsewhere', why: 'about fifteen minutes; run by hand (bench/README.md)' },
}
/** Not in the README but in docs/field-analytics.md, and offline: tried against `npm start`. */
const REPORT = 'npm run report'

/** The commands of README.md's ```sh blocks, a line each, without their comments. */
export function readmeCommands(readme: string): string[] {
  const blocks = [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]!)
  return blocks.flatMap((block) =>
    block
      .split('\n')
      .map((line) => line.replace(/\s#.*$/, '').trim())
      .filter(Boolean),
  )
}

// `npm run check:readme -- dev` tries only the commands that contain `dev`.
const only = process.argv[2]
const commands = readmeCommands(readFileSync('README.md', 'utf8'))
const unknown = commands.filter((command) => !(command in TRIALS))
if (unknown.length > 0) {
  console.error(`README.md names commands scripts/check-readme.ts does not try: ${unknown.join('; ')}`)
  process.exit(1)
}

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' }
const failures: string[] = []
let tried = 0

for (const command of commands.filter((command) => !only || command.includes(only))) {
  const trial = TRIALS[command]!
  if (trial.kind === 'elsewhere') {
    console.log(`- ${command}: not here (${trial.why})`)
    continue
  }
  const started = Date.now()
  tried++
  try {
    if (trial.kind === 'runs') await ran(command)
    else {
      const server = spawn('sh', ['-c', command], { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true })
      const output = collect(server)
      try {
        await answers(server, output, trial)
        if (command === 'npm ci && npm start') await ran(REPORT)
      } finally {
        await stop(server, trial.ports)
      }
    }
    console.log(`✓ ${command} (${Math.round((Date.now() - started) / 1000)} s)`)
  } catch (error) {
    failures.push(`${command}: ${(error as Error).message}`)
    console.error(`✗ ${command}: ${(error as Error).message}`)
  }
}
if (failures.length > 0) process.exit(1)
console.log(`${tried} README commands (and ${REPORT}) work as written`)

/** A command that ends by itself: exit 0, or its output's last lines in the error. */
function ran(command: string): Promise<void> {
  const child = spawn('sh', ['-c', command], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  const output = collect(child)
  return new Promise((resolve, reject) =>
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}\n${tail(output)}`)))),
  )
}

function collect(child: ChildProcess): string[] {
  const output: string[] = []
  child.stdout!.on('data', (chunk) => output.push(String(chunk)))
  child.stderr!.on('data', (chunk) => output.push(String(chunk)))
  return output
}
function tail(output: string[]) {
  return output.join('').split('\n').slice(-30).join('\n')
}

/** Within five minutes (a fresh clone's `npm ci` and first build), the shop, a market page and the double answer. */
async function answers(server: ChildProcess, output: string[], { ports, market, home }: Trial & { kind: 'serves' }) {
  const shop = `http://127.0.0.1:${ports.shop}`
  const deadline = Date.now() + 5 * 60_000
  while (
    !(await fetch(`${shop}/`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (server.exitCode !== null)
      throw new Error(`exited with ${server.exitCode} before the shop answered\n${tail(output)}`)
    if (Date.now() > deadline) throw new Error(`the shop did not answer ${shop}/ within five minutes\n${tail(output)}`)
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  const shown = await fetch(`${shop}/`).then((r) => r.text())
  if (home && !shown.includes(home)) throw new Error(`/ does not show '${home}'`)
  const page = await fetch(`${shop}${market}`)
  const html = await page.text()
  if (!page.ok || !html.includes('toddler-blanket'))
    throw new Error(`${market} answered ${page.status} without the product\n${tail(output)}`)
  const double = await fetch(`http://127.0.0.1:${ports.double}/api/${API_VERSION}/graphql.json`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Shopify-Storefront-Access-Token': 'check-readme' },
    body: JSON.stringify({ query: '{ product(handle: "toddler-blanket") { title } }' }),
  })
  const answer = (await double.json().catch(() => null)) as { data?: { product?: { title?: string } } } | null
  if (!answer?.data?.product?.title) throw new Error(`the double at :${ports.double} answered ${double.status}`)
}

/** Ctrl-C, as a person stops it; then its ports must be free for the next command. */
async function stop(server: ChildProcess, ports: Served) {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.on('exit', resolve))
    process.kill(-server.pid!, 'SIGINT')
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
    if (server.exitCode === null && server.signalCode === null) {
      process.kill(-server.pid!, 'SIGKILL')
      throw new Error('did not stop within 15 s of Ctrl-C')
    }
  }
  for (const port of [ports.shop, ports.double]) {
    for (
      let tries = 0;
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      );
      tries++
    ) {
      if (tries > 10) throw new Error(`port ${port} still answers after the command stopped`)
      await new Promise((resolve) => setTimeout(resolve, 1000))
    }
  }
}
