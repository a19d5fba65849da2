// The engines tier's global setup: after the run, says which tests needed the one retry the
// WebKit driver is allowed (engines.ts, `answered`), in the CI log. A log that says nothing
// of retries needed none. (Each engine's project runs this; the first to end reports.)
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { RETRIES_LOG } from './engines'

export default function retriesReport() {
  rmSync(RETRIES_LOG, { force: true })
  return () => {
    if (!existsSync(RETRIES_LOG)) return
    const retries = readFileSync(RETRIES_LOG, 'utf8').trim().split('\n')
    console.warn(`\nEngines: ${retries.length} retr${retries.length === 1 ? 'y' : 'ies'} needed:\n  ${retries.join('\n  ')}`)
    rmSync(RETRIES_LOG, { force: true })
  }
}
