// The report's SQL run by a real engine where Analytics Engine is not: ClickHouse in process
// (chDB, the npm package `chdb`), over rows laid out as Analytics Engine stores them. The
// local stand-in's rows are answered this way (sources.ts), and so are the tests' stand-in
// for the SQL API (test/worker/report.test.ts): every question is written once, in SQL, and
// what production would run is run.
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { Row } from '../../src/analytics/queries.ts'

/**
 * Where chDB ships its engine (its optionalDependencies, `@chdb/lib-*`): Linux (glibc) and
 * macOS. On Windows `npm ci` installs nothing of it and nothing else changes; the local
 * report says to use WSL2, and the tests that read the local report are reported skipped.
 */
export const CHDB_PLATFORMS = ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64']
export const chdbAvailable = CHDB_PLATFORMS.includes(`${process.platform}-${process.arch}`)

/**
 * An Analytics Engine dataset's columns (docs: 'Workers Analytics Engine', 'SQL API', the
 * table's structure): the write's time, how many events a kept row stands for, one index,
 * 20 blobs and 20 doubles. A blob or double the write left out reads as '' or 0.
 */
const COLUMNS = [
  "timestamp DateTime64(3, 'UTC')",
  '_sample_interval UInt32',
  'index1 String',
  ...Array.from({ length: 20 }, (_, i) => `blob${i + 1} String`),
  ...Array.from({ length: 20 }, (_, i) => `double${i + 1} Float64`),
]

/** A row as the table takes it: every column present, the time as ISO 8601 (UTC). */
function tableRow(row: Row): string {
  const filled: Record<string, unknown> = { _sample_interval: 1, index1: row.blob1 ?? '' }
  for (const [key, value] of Object.entries(row)) if (value !== undefined) filled[key] = value
  filled.timestamp = new Date(Number(row.timestamp ?? Date.now())).toISOString()
  return JSON.stringify(filled)
}

/**
 * Runs `use` with a ClickHouse table named `table` holding `rows`, gone afterwards. `run`
 * takes a query ending in `FORMAT JSON` and answers its `data`, as the SQL API does. The
 * engine runs in a child process (clickhouse-process.ts), one question at a time.
 */
export async function withTable<T>(
  table: string,
  rows: Row[],
  use: (run: (sql: string) => Promise<Row[]>) => T | Promise<T>,
): Promise<T> {
  if (!chdbAvailable)
    throw new Error(
      `The local report runs its SQL on chDB, which has no build for ${process.platform}-${process.arch} (only ${CHDB_PLATFORMS.join(', ')}): run it in WSL2, or against production (docs/field-analytics.md)`,
    )
  if (!/^[a-z0-9_]+$/i.test(table)) throw new Error(`"${table}" is not a table name`)
  const engine = fork(fileURLToPath(new URL('./clickhouse-process.ts', import.meta.url)), {
    execArgv: [],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  const exited = new Promise<never>((_, reject) =>
    engine.once('exit', (code, signal) =>
      reject(new Error(`chDB's process ended (${signal ?? code}) before answering`)),
    ),
  )
  exited.catch(() => {})
  let queue: Promise<unknown> = Promise.resolve()
  const ask = (message: object): Promise<Row[]> => {
    const asked = queue.then(() =>
      Promise.race([
        exited,
        new Promise<Row[]>((resolve, reject) => {
          engine.once('message', (reply: { data?: Row[]; error?: string }) =>
            reply.error ? reject(new Error(`ClickHouse refused the query: ${reply.error}`)) : resolve(reply.data!),
          )
          engine.send(message)
        }),
      ]),
    )
    queue = asked.catch(() => {})
    return asked
  }
  try {
    await ask({ table, columns: COLUMNS, rows: rows.map(tableRow) })
    return await use((sql) => ask({ sql }))
  } finally {
    if (engine.connected) engine.disconnect()
  }
}
