// chDB's engine in a process of its own (clickhouse.ts starts it): its native library
// crashes a worker thread that exits with it loaded, and test runners run files in threads.
// Messages in: { rows, table } first, then { sql } per question; each is answered
// { data } or { error }. It ends when its parent disconnects.
import { drainPending, Session } from 'chdb'

type Row = Record<string, string | number | undefined>
type Message = { table: string; columns: string[]; rows: string[] } | { sql: string }

const session = new Session()
const answer = (reply: object) => process.send!(reply)

process.on('message', (message: Message) => {
  try {
    if ('sql' in message)
      return answer({ data: (JSON.parse(session.query(message.sql, 'JSON')) as { data: Row[] }).data })
    session.query(`CREATE TABLE ${message.table} (${message.columns.join(', ')}) ENGINE = Memory`)
    for (let start = 0; start < message.rows.length; start += 50_000) {
      session.query(
        `INSERT INTO ${message.table} SETTINGS date_time_input_format = 'best_effort' FORMAT JSONEachRow ${message.rows.slice(start, start + 50_000).join('\n')}`,
      )
    }
    answer({ data: [] })
  } catch (error) {
    answer({ error: (error as Error).message })
  }
})
process.on('disconnect', async () => {
  session.close()
  await drainPending()
  process.exit(0)
})
