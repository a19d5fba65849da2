// Shows `npm run dev`'s hot reload: starts it, opens the landing page in Chromium, edits a
// component's words, and checks the page shows them without reloading; then puts the file
// back. `npm run check:dev-reload` (not part of `npm test`: it edits a source file).
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { launchChromium, PHONE } from './harness/chromium.ts'

const PORT = 8797
const FILE = 'client/pages/home/page.tsx'
const [BEFORE, AFTER] = ['yes, shipping is included', 'yes, shipping is included, always']

const dev = spawn(process.execPath, ['scripts/start.ts', '--dev'], {
  env: { ...process.env, PORT: String(PORT), DOUBLE_PORT: String(PORT + 1) },
  stdio: 'ignore',
  detached: true,
})
const original = readFileSync(FILE, 'utf8')
const browser = await launchChromium()
try {
  for (
    let tries = 0;
    !(await fetch(`http://127.0.0.1:${PORT}/`).then(
      (r) => r.ok,
      () => false,
    ));
    tries++
  ) {
    if (tries > 60) throw new Error('npm run dev did not answer within a minute')
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
  const page = await (await browser.newContext({ viewport: PHONE })).newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await page.goto(`http://127.0.0.1:${PORT}/`)
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: 30_000 })
  await page.evaluate(() => Object.assign(window, { sameDocument: true }))
  writeFileSync(FILE, original.replace(BEFORE, AFTER))
  await page.getByText(AFTER).first().waitFor({ timeout: 15_000 })
  const reloaded = !(await page.evaluate(() => 'sameDocument' in window))
  if (reloaded || errors.length > 0)
    throw new Error(`the edit ${reloaded ? 'reloaded the page' : 'showed'}; errors: ${errors.join('; ')}`)
  console.log(`${FILE}: the edit showed in the open page within seconds, without a reload or a console error`)
} finally {
  writeFileSync(FILE, original)
  await browser.close()
  // Already gone if it failed to start; the error above is the one to see.
  if (dev.exitCode === null) process.kill(-dev.pid!, 'SIGTERM')
}
