// The engines tier's global setup: after the run, says which engines this machine could not
// run (skipped: no Firefox or WebKit here, outside CI; scripts/test-system.ts) and which
// tests needed the one retry the WebKit driver is allowed (engines.ts, `answered`), in the
// log. A log that says nothing of retries needed none. (Each engine's project runs this;
// the first to end reports the retries.)
import { existsSync, readFileSync, rmSync } from 'node:fs'
import type { TestProject } from 'vitest/node'
import { engineProgram, RETRIES_LOG, type EngineName } from './engines.ts'

export default function retriesReport(project: TestProject) {
  rmSync(RETRIES_LOG, { force: true })
  const engine = project.config.env?.ENGINE as EngineName | undefined
  const program = engine ? engineProgram(engine) : null
  return () => {
    if (program && 'missing' in program && !process.env.CI)
      console.warn(`\nEngines: ${engine} skipped: ${program.missing}`)
    if (!existsSync(RETRIES_LOG)) return
    const retries = readFileSync(RETRIES_LOG, 'utf8').trim().split('\n')
    console.warn(
      `\nEngines: ${retries.length} retr${retries.length === 1 ? 'y' : 'ies'} needed:\n  ${retries.join('\n  ')}`,
    )
    rmSync(RETRIES_LOG, { force: true })
  }
}
