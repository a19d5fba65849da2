import { DurableObject } from 'cloudflare:workers'
import { readConfig, type Bindings } from '../config'
import { logLine } from '../log-line'
import { postAlert } from './alerts'
import { observe, type Change, type HealthState, type Observation } from './incidents'

const STATE_KEY = 'state'
/** Alerts not yet delivered, kept to send again at the next scheduled check; at most this many. */
const UNSENT_KEPT = 10

/** One alert waiting to go: `due` once it may be posted (at once when new, at a check when re-sent). */
type Unsent = { id: string; text: string; due: boolean }
type Stored = HealthState & { unsent: Unsent[]; observed: number }

/**
 * The shop's one view of whether its checkout works: one Durable Object for the whole shop
 * (named 'checkout'), so the scheduled check and every data centre's checkouts share one
 * incident, and the owner gets one alert per incident however many Workers saw it.
 *
 * Alerts are posted from the object's alarm, not from the call that observed the change: an
 * alarm runs to its end with no caller waiting on it, and Cloudflare runs an object's alarm
 * once at a time (docs: Durable Objects, "Alarms"). An alert that was not delivered waits for
 * the next scheduled check; no shopper's checkout makes it go again.
 */
export class CheckoutHealth extends DurableObject<Bindings> {
  async observe(seen: Observation, requestId?: string): Promise<{ change: Change }> {
    const stored = await this.#stored()
    const { state, change } = observe(stored, seen, Date.now())
    const url = readConfig(this.env).alertWebhookUrl
    if (change && !url) {
      // No webhook: the owner reads it in Workers Logs (and `npm run report`).
      logLine('error', 'checkout alert (ALERT_WEBHOOK_URL is not set)', { requestId, incident: change.incident, text: change.text })
    }
    const unsent = stored.unsent.map((alert) => (seen.source === 'check' ? { ...alert, due: true } : alert))
    if (change && url) unsent.push({ id: `${change.incident}:${change.kind}`, text: change.text, due: true })
    await this.ctx.storage.put(STATE_KEY, { ...state, unsent: unsent.slice(-UNSENT_KEPT), observed: stored.observed + 1 } satisfies Stored)
    if (url && unsent.some((alert) => alert.due)) await this.ctx.storage.setAlarm(Date.now())
    return { change }
  }

  /**
   * What the object holds now: the open incident, how many observations it has taken, and the
   * alerts not yet delivered. No route reaches it; a look from outside (the tests' harness,
   * which waits on `observed` for a checkout's after-answer work) calls it on the binding.
   */
  async status(): Promise<{ incident: HealthState['incident']; observed: number; undelivered: number }> {
    const { incident, observed, unsent } = await this.#stored()
    return { incident, observed, undelivered: unsent.length }
  }

  /** Posts each alert that is due, once; what was not delivered waits, not due, for the next check. */
  override async alarm(): Promise<void> {
    const url = readConfig(this.env).alertWebhookUrl
    const due = (await this.#stored()).unsent.filter((alert) => alert.due)
    if (!url || due.length === 0) return
    const delivered = new Set<string>()
    for (const alert of due) {
      const outcome = await postAlert(url, alert, (attempt, error) => logLine('warn', 'alert post failed', { incident: alert.id, attempt, error }))
      if (outcome === 'delivered') delivered.add(alert.id)
      else logLine('error', 'alert not delivered; it is sent again at the next scheduled check', { incident: alert.id, outcome, text: alert.text })
    }
    // Read again: observations went on while the posts were out, and may have added alerts.
    const now = await this.#stored()
    const sent = new Set(due.map((alert) => alert.id))
    const unsent = now.unsent.filter((alert) => !delivered.has(alert.id)).map((alert) => (sent.has(alert.id) ? { ...alert, due: false } : alert))
    await this.ctx.storage.put(STATE_KEY, { ...now, unsent } satisfies Stored)
  }

  async #stored(): Promise<Stored> {
    const stored = await this.ctx.storage.get<Partial<Stored>>(STATE_KEY)
    // State an earlier release kept: an incident without an id gets one; a streak by count starts afresh.
    const incident = stored?.incident
    return {
      incident: incident ? { ...incident, id: incident.id ?? `${incident.source}-${incident.failure}-${incident.since.toString(36)}`, recoveredFor: incident.recoveredFor ?? [] } : null,
      streak: stored?.streak?.clients ? stored.streak : null,
      unsent: (stored?.unsent ?? []).filter((alert) => typeof alert === 'object'),
      observed: stored?.observed ?? 0,
    }
  }
}
