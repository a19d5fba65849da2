// `npm test`, the browser and engines tiers and the bench find what they drive in one place
// (scripts/harness/programs.ts), or say in one line what to install on this machine.
import { expect, test } from 'vitest'
import { findProgram, packageOf, type Machine } from '../../scripts/harness/programs.ts'

const linux = (files: string[], more: Partial<Machine> = {}): Machine => ({
  env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
  platform: 'linux',
  exists: (path) => files.includes(path),
  distro: 'debian',
  ...more,
})

test('the setting first (CHROME_PATH, FIREFOX_PATH, WEBKIT_DRIVER_PATH), then PATH, Debian’s Chromium before Chrome', () => {
  expect(findProgram('chromium', linux([], { env: { CHROME_PATH: '/opt/chrome' } }))).toEqual({ path: '/opt/chrome' })
  expect(findProgram('firefox', linux([], { env: { FIREFOX_PATH: '/opt/firefox/firefox' } }))).toEqual({
    path: '/opt/firefox/firefox',
  })
  expect(findProgram('webkit-driver', linux([], { env: { WEBKIT_DRIVER_PATH: '/opt/wk' } }))).toEqual({
    path: '/opt/wk',
  })
  expect(findProgram('chromium', linux(['/usr/bin/chromium', '/usr/bin/google-chrome']))).toEqual({
    path: '/usr/bin/chromium',
  })
  expect(findProgram('firefox', linux(['/usr/bin/firefox-esr', '/usr/bin/firefox']))).toEqual({
    path: '/usr/bin/firefox-esr',
  })
})

test('Ubuntu: its snaps are found, and what is missing is named by Ubuntu’s packages (no firefox-esr there)', () => {
  const ubuntu = (files: string[]) => linux(files, { distro: 'ubuntu' })
  expect(findProgram('firefox', ubuntu(['/snap/bin/firefox']))).toEqual({ path: '/snap/bin/firefox' })
  expect(findProgram('chromium', ubuntu(['/snap/bin/chromium']))).toEqual({ path: '/snap/bin/chromium' })
  expect(findProgram('firefox', ubuntu([]))).toEqual({
    missing: 'No Firefox found: sudo apt-get install -y firefox, or set FIREFOX_PATH to one.',
  })
  expect(findProgram('firefox', linux([]))).toEqual({
    missing: 'No Firefox found: sudo apt-get install -y firefox-esr, or set FIREFOX_PATH to one.',
  })
  expect(packageOf('chromium', ubuntu([]))).toBe('chromium-browser')
})

test('Windows: PATH with PATHEXT, and where the installers put Chrome and Firefox', () => {
  const windows = (files: string[], env: Machine['env'] = {}): Machine => ({
    env: {
      Path: 'C:\\Windows\\system32;C:\\Tools',
      PATHEXT: '.COM;.EXE;.BAT',
      LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local',
      ...env,
    },
    platform: 'win32',
    exists: (path) => files.includes(path),
    distro: null,
  })
  expect(findProgram('java', windows(['C:\\Tools\\java.exe']))).toEqual({ path: 'C:\\Tools\\java.exe' })
  expect(
    findProgram('chromium', windows(['C:\\Users\\ada\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe'])),
  ).toEqual({ path: 'C:\\Users\\ada\\AppData\\Local\\Google\\Chrome\\Application\\chrome.exe' })
  expect(findProgram('firefox', windows(['C:\\Program Files\\Mozilla Firefox\\firefox.exe']))).toEqual({
    path: 'C:\\Program Files\\Mozilla Firefox\\firefox.exe',
  })
  expect(findProgram('webkit-driver', windows([]))).toEqual({
    missing: "No WebKitGTK's WebDriver found: install WebKitGTK's WebDriver, or set WEBKIT_DRIVER_PATH to one.",
  })
})

test('macOS: the applications folder', () => {
  const mac: Machine = {
    env: { PATH: '/usr/bin' },
    platform: 'darwin',
    exists: (path) => path === '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
    distro: null,
  }
  expect(findProgram('chromium', mac)).toEqual({ path: '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome' })
})
