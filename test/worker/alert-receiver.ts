import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One post the receiver took: Slack and Teams read `text`, Discord `content`; `key` is its Idempotency-Key. */
export type AlertPost = { text: string; content: string; key: string }
export type AlertReceiver = Awaited<ReturnType<typeof startAlertReceiver>>

/**
 * A stand-in for a Slack or Discord incoming webhook (the shop's ALERT_WEBHOOK_URL): keeps each
 * post it takes, counts every attempt, answers `status()` after `answerAfterMs`.
 */
export async function startAlertReceiver() {
  const receiver = {
    posts: [] as AlertPost[],
    attempts: 0,
    status: () => 200,
    answerAfterMs: 0,
    url: '',
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const code = receiver.status()
      receiver.attempts++
      if (code === 200)
        receiver.posts.push({
          ...(JSON.parse(body) as { text: string; content: string }),
          key: String(req.headers['idempotency-key']),
        })
      setTimeout(() => res.writeHead(code).end(), receiver.answerAfterMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  return receiver
}
