// The one place that finds what the tests and the bench drive besides npm's packages: the
// browsers, WebKitGTK's driver, Xvfb and Java. `npm test`'s first step (scripts/test-system.ts),
// the browser tier (chromium.ts), the engines tier (test/engines/engines.ts) and the bench
// all ask here, so they agree on what a machine has. Node only, no vitest.
import { existsSync, readFileSync } from 'node:fs'
import { chromium } from 'playwright-core'

export type Program = 'chromium' | 'java' | 'firefox' | 'webkit-driver' | 'xvfb'

/** What a search looks at: the environment, the platform, the files there, and the Linux distribution. */
export type Machine = {
  env: Record<string, string | undefined>
  platform: NodeJS.Platform
  exists: (path: string) => boolean
  /** From /etc/os-release: Debian, Ubuntu, or another (null), which names its packages differently. */
  distro: 'debian' | 'ubuntu' | null
}

export function thisMachine(): Machine {
  return { env: process.env, platform: process.platform, exists: existsSync, distro: linuxDistro() }
}

function linuxDistro(): Machine['distro'] {
  try {
    const release = readFileSync('/etc/os-release', 'utf8')
    const ids = /^ID(?:_LIKE)?=(.*)$/gm
    const found = [...release.matchAll(ids)].flatMap((match) => match[1]!.replaceAll('"', '').split(' '))
    return found.includes('ubuntu') ? 'ubuntu' : found.includes('debian') ? 'debian' : null
  } catch {
    return null
  }
}

/**
 * Each program: the setting that names it outright, the commands to look for on PATH, where
 * installers put it outside PATH, and its package on Debian and on Ubuntu. Ubuntu has no
 * firefox-esr, and its chromium-browser and firefox packages install snaps, found in /snap/bin.
 */
const PROGRAMS: Record<
  Program,
  {
    what: string
    setting?: string
    commands: string[]
    places: (env: Machine['env']) => string[]
    debian: string
    ubuntu: string
  }
> = {
  chromium: {
    what: 'Chromium or Google Chrome',
    setting: 'CHROME_PATH',
    commands: ['chromium', 'chromium-browser', 'google-chrome', 'chrome'],
    places: (env) => [
      '/snap/bin/chromium',
      '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
      '/Applications/Chromium.app/Contents/MacOS/Chromium',
      ...windowsPlaces(env, 'Google\\Chrome\\Application\\chrome.exe'),
    ],
    debian: 'chromium',
    ubuntu: 'chromium-browser',
  },
  java: {
    what: 'Java, for the Nu Html Checker',
    commands: ['java'],
    places: (env) => (env.JAVA_HOME ? [`${env.JAVA_HOME}/bin/java`, `${env.JAVA_HOME}\\bin\\java.exe`] : []),
    debian: 'default-jre-headless',
    ubuntu: 'default-jre-headless',
  },
  firefox: {
    what: 'Firefox',
    setting: 'FIREFOX_PATH',
    commands: ['firefox-esr', 'firefox'],
    places: (env) => [
      '/snap/bin/firefox',
      '/Applications/Firefox.app/Contents/MacOS/firefox',
      ...windowsPlaces(env, 'Mozilla Firefox\\firefox.exe'),
    ],
    debian: 'firefox-esr',
    ubuntu: 'firefox',
  },
  'webkit-driver': {
    what: "WebKitGTK's WebDriver",
    setting: 'WEBKIT_DRIVER_PATH',
    commands: ['WebKitWebDriver'],
    places: () => [],
    debian: 'webkit2gtk-driver',
    ubuntu: 'webkit2gtk-driver',
  },
  xvfb: { what: 'Xvfb, a display for WebKit', commands: ['Xvfb'], places: () => [], debian: 'xvfb', ubuntu: 'xvfb' },
}

const windowsPlaces = (env: Machine['env'], tail: string) =>
  [env.PROGRAMFILES ?? 'C:\\Program Files', env['PROGRAMFILES(X86)'] ?? 'C:\\Program Files (x86)', env.LOCALAPPDATA]
    .filter(Boolean)
    .map((root) => `${root}\\${tail}`)

/** Where `command` is on PATH, as the shell would find it (with Windows' PATHEXT). */
function onPath(command: string, { env, platform, exists }: Machine): string | undefined {
  const windows = platform === 'win32'
  const dirs = (env.PATH ?? env.Path ?? '').split(windows ? ';' : ':').filter(Boolean)
  const extensions = windows ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';') : ['']
  for (const dir of dirs)
    for (const extension of extensions) {
      const path = `${dir}${windows ? '\\' : '/'}${command}${extension.toLowerCase()}`
      if (exists(path)) return path
    }
  return undefined
}

/** The distribution's package for a program, where `npm test` can install it with apt-get. */
export function packageOf(program: Program, machine: Machine): string | null {
  return machine.distro ? PROGRAMS[program][machine.distro] : null
}

/**
 * Where a program is: its setting when set (taken as given: a named path that is wrong should
 * fail loudly, not be passed over), else on PATH, else where installers put it, else, for
 * Chromium, one Playwright installed before (never one downloaded for the tests). None: what
 * to install, in one line, in the words of this machine's distribution.
 */
export function findProgram(
  program: Program,
  machine: Machine = thisMachine(),
): { path: string } | { missing: string } {
  const { what, setting, commands, places } = PROGRAMS[program]
  const named = setting ? machine.env[setting] : undefined
  if (named) return { path: named }
  const found =
    commands.map((command) => onPath(command, machine)).find(Boolean) ??
    places(machine.env).find((path) => machine.exists(path)) ??
    (program === 'chromium' ? playwrightsChromium(machine) : undefined)
  if (found) return { path: found }
  const pkg = packageOf(program, machine)
  const install = pkg ? `sudo apt-get install -y ${pkg}` : `install ${what}`
  return { missing: `No ${what} found: ${install}${setting ? `, or set ${setting} to one` : ''}.` }
}

function playwrightsChromium(machine: Machine): string | undefined {
  try {
    const path = chromium.executablePath()
    return path && machine.exists(path) ? path : undefined
  } catch {
    return undefined
  }
}
