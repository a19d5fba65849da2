import { sleep } from '../sleep'

/**
 * Posts one message to the operator's ALERT_WEBHOOK_URL: a JSON body that Slack's and
 * Microsoft Teams' incoming webhooks read as `text` and Discord's as `content` (each
 * ignores the other's field). A refused or unreachable post is tried again after each of
 * RETRIES_MS; whether it got through is the answer, so the caller can try again later.
 */
const RETRIES_MS = [1_000, 3_000]
const TIMEOUT_MS = 5_000

export async function postAlert(url: string, text: string, onFailure: (attempt: number, error: unknown) => void): Promise<boolean> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ text, content: text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      await response.body?.cancel()
      if (response.ok) return true
      throw new Error(`the alert webhook answered ${response.status}`)
    } catch (error) {
      onFailure(attempt, error)
      const retryInMs = RETRIES_MS[attempt - 1]
      if (retryInMs === undefined) return false
      await sleep(retryInMs)
    }
  }
}
