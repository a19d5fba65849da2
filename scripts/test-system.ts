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

type Need = { command: string; debian: string; what: string; engine?: 'firefox' | 'webkit' }
const NEEDS: Need[] = [
  { command: 'chromium', debian: 'chromium', what: 'Chromium, for the browser tier' },
  { command: 'java', debian: 'default-jre-headless', what: 'Java, for the Nu Html Checker' },
  { command: 'firefox-esr', debian: 'firefox-esr', what: 'Firefox ESR', engine: 'firefox' },
  { command: 'WebKitWebDriver', debian: 'webkit2gtk-driver', what: "WebKitGTK's WebDriver", engine: 'webkit' },
  { command: 'Xvfb', debian: 'xvfb', what: 'Xvfb, a display for WebKit', engine: 'webkit' },
]

const has = (command: string) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0
const missingNow = () => NEEDS.filter((need) => !has(need.command))

let missing = missingNow()
const apt = process.platform === 'linux' && has('apt-get')
const root = process.getuid?.() === 0

if (missing.length > 0 && apt && root) {
  const packages = missing.map((need) => need.debian)
  console.log(`npm test: installing ${packages.join(' ')} from the distribution's packages`)
  const run = (args: string[]) => spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } }).status === 0
  if (!run(['update', '-qq']) || !run(['install', '-y', '-qq', ...packages])) {
    console.error(`npm test: apt-get could not install ${packages.join(' ')}`)
    process.exit(1)
  }
  missing = missingNow()
}

if (missing.length > 0) {
  if (apt) {
    console.error(`npm test needs ${missing.map((need) => need.what).join(', ')}: sudo apt-get install -y ${missing.map((need) => need.debian).join(' ')}`)
    process.exit(1)
  }
  const required = missing.filter((need) => !need.engine || process.env.CI)
  if (required.length > 0) {
    console.error(`npm test needs ${required.map((need) => need.what).join(', ')}${process.env.CI ? ' (CI skips no engine)' : ''}`)
    process.exit(1)
  }
  console.warn(`npm test: no ${missing.map((need) => need.what).join(', ')} here; their engines tier is skipped and the summary says so`)
}
