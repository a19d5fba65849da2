import { sleep } from '../sleep.ts'

/**
 * Posts one alert to the operator's ALERT_WEBHOOK_URL: a JSON body that Slack's and
 * Microsoft Teams' incoming webhooks read as `text` and Discord's as `content` (each ignores
 * the other's field). The text ends with the incident's id, and the alert's id goes as
 * `Idempotency-Key`, so a receiver (or the owner) can tell a re-send from a new incident.
 *
 * What came of it decides what may be done next:
 * - 'delivered': the receiver answered 2xx.
 * - 'refused': it answered otherwise, or could not be reached. Tried again after each of
 *   RETRIES_MS, since a retry can succeed and the receiver has said it did not take it.
 * - 'unknown': no answer within TIMEOUT_MS. The post may have arrived, so it is not tried
 *   again here; CheckoutHealth re-sends it at the next scheduled check, no sooner.
 */
export type Outcome = 'delivered' | 'refused' | 'unknown'
const RETRIES_MS = [1_000, 3_000]
/** Slack asks receivers to answer within 3 s; a slow one gets ten times that before the post counts as lost. */
export const TIMEOUT_MS = 30_000

export async function postAlert(
  url: string,
  alert: { id: string; text: string },
  onFailure: (attempt: number, error: unknown) => void,
): Promise<Outcome> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': alert.id },
        body: JSON.stringify({ text: alert.text, content: alert.text }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      })
      await response.body?.cancel()
      if (response.ok) return 'delivered'
      onFailure(attempt, new Error(`the alert webhook answered ${response.status}`))
    } catch (error) {
      onFailure(attempt, error)
      if ((error as Error).name === 'TimeoutError') return 'unknown'
    }
    const retryInMs = RETRIES_MS[attempt - 1]
    if (retryInMs === undefined) return 'refused'
    await sleep(retryInMs)
  }
}
