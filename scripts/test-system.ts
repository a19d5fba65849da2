// `npm test`'s first step: what the suite needs from the system besides npm's packages, and
// on Debian or Ubuntu, getting it, as `playwright install --with-deps` does. The browser and
// engines tiers run Debian's browsers (never a downloaded one), WebKitGTK's driver under
// Xvfb, and the W3C Nu Html Checker on Java.
// - All there: nothing to do.
// - Missing, as root with apt-get: installs it from the distribution's packages.
// - Missing, without root: says in one line what to install, and stops.
// - Missing, without apt-get (macOS, Windows, another Linux): Chromium and Java are needed
//   (the browser tier); a missing Firefox or WebKit is skipped by its engines tier, which
//   says so in the summary (test/engines/shopper-paths.test.ts). In CI nothing is skipped:
//   anything missing stops the run here.
import { spawnSync } from 'node:child_process'
import { findProgram, packageOf, thisMachine, type Program } from './harness/programs.ts'

type Need = { program: Program; engine?: 'firefox' | 'webkit' }
const NEEDS: Need[] = [
  { program: 'chromium' },
  { program: 'java' },
  { program: 'firefox', engine: 'firefox' },
  { program: 'webkit-driver', engine: 'webkit' },
  { program: 'xvfb', engine: 'webkit' },
]

const machine = thisMachine()
const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
// Found as the tests find them (CHROME_PATH, FIREFOX_PATH and WEBKIT_DRIVER_PATH honoured).
const missingNow = () =>
  NEEDS.flatMap((need) => {
    const found = findProgram(need.program, machine)
    return 'missing' in found ? [{ ...need, why: found.missing }] : []
  })

let missing = missingNow()
const apt = machine.platform === 'linux' && machine.distro !== null && has('apt-get')
const root = process.getuid?.() === 0

if (missing.length > 0 && apt && root) {
  const packages = missing.map((need) => packageOf(need.program, machine)!)
  console.log(`npm test: installing ${packages.join(' ')} from the distribution's packages`)
  const run = (args: string[]) =>
    spawnSync('apt-get', args, {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    }).status === 0
  if (!run(['update', '-qq']) || !run(['install', '-y', '-qq', ...packages])) {
    console.error(`npm test: apt-get could not install ${packages.join(' ')}`)
    process.exit(1)
  }
  missing = missingNow()
}

if (missing.length > 0) {
  const required = missing.filter((need) => !need.engine || process.env.CI || apt)
  if (required.length > 0) {
    for (const need of required) console.error(`npm test: ${need.why}`)
    process.exit(1)
  }
  console.warn(
    `npm test: ${missing.map((need) => need.why).join(' ')} Their engines tier is skipped, and the summary says so.`,
  )
}
