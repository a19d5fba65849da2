// `npm test` on a developer's own machine finds a browser by itself, or says in one line
// what to install (scripts/harness/chromium.ts).
import { expect, test } from 'vitest'
import { chromiumPath } from '../../scripts/harness/chromium'

test('CHROME_PATH first, then a Chromium or Chrome the machine has, Debian’s before the rest', () => {
  expect(chromiumPath({ CHROME_PATH: '/opt/chrome' }, () => false)).toBe('/opt/chrome')
  expect(chromiumPath({}, (path) => path === '/usr/bin/chromium' || path === '/usr/bin/google-chrome')).toBe('/usr/bin/chromium')
  expect(chromiumPath({}, (path) => path.endsWith('Google Chrome'))).toBe('/Applications/Google Chrome.app/Contents/MacOS/Google Chrome')
  expect(chromiumPath({}, (path) => path.endsWith('chrome.exe'))).toMatch(/^C:\\Program Files\\Google\\Chrome\\Application\\chrome\.exe$/)
})

test('none found: one line that says what to install', () => {
  expect(() => chromiumPath({}, () => false)).toThrow(/^No Chromium found: install Chromium or Google Chrome \(Debian: apt-get install chromium\), or set CHROME_PATH to one\.$/)
})
