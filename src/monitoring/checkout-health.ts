import { DurableObject } from 'cloudflare:workers'
import { readConfig, type Bindings } from '../config'
import { logLine } from '../log-line'
import { postAlert } from './alerts'
import { observe, type Change, type HealthState, type Observation } from './incidents'

const STATE_KEY = 'state'
/** Alerts whose post failed, kept to try again with the next observation; at most this many. */
const UNSENT_KEPT = 10

/**
 * The shop's one view of whether its checkout works: one Durable Object for the whole shop
 * (named 'checkout'), so the scheduled check and every data centre's checkouts share one
 * incident, and the owner gets one alert per incident however many Workers saw it. It posts
 * to ALERT_WEBHOOK_URL itself, so only one post goes out; a post that fails is tried again
 * with the next observation.
 */
export class CheckoutHealth extends DurableObject<Bindings> {
  async observe(seen: Observation, requestId?: string): Promise<{ change: Change }> {
    const stored = await this.#state()
    const { state, change } = observe(stored, seen, Date.now())
    const toSend = [...stored.unsent, ...(change ? [change.text] : [])]
    // Taken out before posting: the object answers other calls while a post is on its way,
    // and they must not find these alerts still waiting and send them again.
    await this.ctx.storage.put(STATE_KEY, { ...state, unsent: [] })
    if (toSend.length === 0) return { change }

    const url = readConfig(this.env).alertWebhookUrl
    // An incident's lines name the request that showed it as `triggeredBy`: that request's own
    // failure is already logged once under its id (test/worker/fault-matrix.test.ts holds each
    // faulty request to one line).
    const line = (level: 'warn' | 'error', message: string, fields: Record<string, unknown>) => logLine(level, message, { triggeredBy: requestId, ...fields })
    if (!url) {
      // No webhook: the owner reads it in Workers Logs (and `npm run report`).
      for (const text of toSend) line('error', 'checkout alert (ALERT_WEBHOOK_URL is not set)', { text })
      return { change }
    }
    const left: string[] = []
    for (const text of toSend) {
      const sent = await postAlert(url, text, (attempt, error) => line('warn', 'alert post failed', { attempt, error }))
      if (!sent) left.push(text)
    }
    if (left.length > 0) {
      line('error', 'alert not delivered; it is tried again with the next check', { text: left })
      const now = await this.#state()
      await this.ctx.storage.put(STATE_KEY, { ...now, unsent: [...left, ...now.unsent].slice(-UNSENT_KEPT) })
    }
    return { change }
  }

  async #state(): Promise<HealthState & { unsent: string[] }> {
    const stored = await this.ctx.storage.get<HealthState & { unsent?: string[] }>(STATE_KEY)
    return { incident: null, streak: null, ...stored, unsent: stored?.unsent ?? [] }
  }
}
