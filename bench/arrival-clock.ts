// `npm run bench:arrival-clock`: what saying when an order arrives costs the main thread of a
// slow phone (Chromium at 4× CPU), in a fresh page each time, as a shopper's first view pays
// it. The shop's own code (client/content/delivery.ts, built as the browser gets it, with the
// maker's calendar the Worker sends) against what the line once did: the maker's day read
// through a time-zone formatter, whose first use loads the time zone's data. Interleaved, ROUNDS
// times (default 9); medians and each run.
import { chromium } from 'playwright-core'
import { build, type Rolldown } from 'vite'
import { chromiumArgs, chromiumPath } from '../scripts/harness/chromium.ts'
import { makerCalendar } from '../src/maker-calendar.ts'

const ROUNDS = Number(process.argv[2] ?? 9)

const bundle = (
  (await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      lib: {
        entry: new URL('./arrival-clock/entry.ts', import.meta.url).pathname,
        formats: ['iife'],
        name: 'arrivalClock',
        fileName: () => 'entry.js',
      },
    },
  })) as Rolldown.RolldownOutput[]
)[0]!.output.find((file) => file.type === 'chunk')!.code

const ways = {
  'the shop now: the calendar sent with the page, and arithmetic': (calendar: unknown) => {
    const t = performance.now()
    ;(window as unknown as { arrivalClock: { arrivalNow(c: unknown): string } }).arrivalClock.arrivalNow(calendar)
    return performance.now() - t
  },
  'as before: the maker’s day through a first time-zone formatter': () => {
    const t = performance.now()
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/New_York',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date())
    new Date().toLocaleString('en-US', { month: 'short', timeZone: 'UTC' })
    return performance.now() - t
  },
}

const calendar = makerCalendar()
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
const runs: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((name) => [name, []]))
try {
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, way] of Object.entries(ways)) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 4 })
      await page.setContent('<!doctype html><p>An order placed now arrives…</p>')
      await page.addScriptTag({ content: bundle })
      runs[name]!.push(await page.evaluate(way, calendar))
      await context.close()
    }
} finally {
  await browser.close()
}
for (const [name, list] of Object.entries(runs)) {
  const sorted = [...list].sort((a, b) => a - b)
  console.log(
    `${name}: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms (runs ${list.map((ms) => ms.toFixed(1)).join(', ')})`,
  )
}
