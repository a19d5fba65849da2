import { DurableObject } from 'cloudflare:workers'
import type { DataPoint } from '../analytics/columns.ts'
import { writePoint } from '../analytics/record.ts'
import { readConfig, type Bindings } from '../config.ts'
import { logLine } from '../log-line.ts'
import { shortHash } from '../short-hash.ts'
import { sleep } from '../sleep.ts'
import { postAlert } from './alerts.ts'
import { checkCheckout } from './checkout-check.ts'
import { NO_INCIDENT, observe, type HealthState, type Observation } from './incidents.ts'

const STATE_KEY = 'state-v2'
/** Alerts not yet delivered, kept to send again at the next scheduled check; at most this many. */
const UNSENT_KEPT = 10
/** A check whose outcome would change the state alone is confirmed by a second one this much later, in the same run. */
export const CONFIRM_AFTER_MS = 2_000

/** One alert waiting to go: `due` once it may be posted (at once when new, at a check when re-sent). */
type Unsent = { id: string; text: string; due: boolean }
/**
 * `checkDue`: shoppers' failures asked for a check, which the alarm runs. `prices`: how the
 * tax words disagree with Shopify's market settings, as last told (price-inclusions.ts).
 */
type Stored = HealthState & { unsent: Unsent[]; checkDue: boolean; prices?: string | null; toldOnce?: string[] }
/** The ids of notices told once (`tellOnce`) that are remembered; far more than a shop has at a time. */
const TOLD_ONCE_KEPT = 50

/**
 * The shop's one view of whether its checkout works: one Durable Object for the whole shop
 * (named 'checkout'), so the scheduled check and every data centre's checkouts share one
 * incident, and the owner gets one alert per incident however many Workers saw it. The rules
 * are incidents.ts's: only the shop's own checks open and close an incident; shoppers'
 * failures can only ask for a check sooner.
 *
 * Checks asked for by shoppers, and alerts, run from the object's alarm, not from the call
 * that observed the change: an alarm runs to its end with no caller waiting on it, and
 * Cloudflare runs an object's alarm once at a time (docs: Durable Objects, "Alarms"). An
 * alert that was not delivered waits for the next scheduled check; no shopper's checkout makes
 * it go again.
 */
export class CheckoutHealth extends DurableObject<Bindings> {
  /** A shopper's checkout, as the Worker saw it (src/routes/checkout.ts). */
  async observe(seen: Extract<Observation, { source: 'checkouts' }>): Promise<void> {
    const stored = await this.#stored()
    const { state, runCheck } = observe(stored, seen, Date.now())
    await this.#save({ ...stored, ...state, checkDue: stored.checkDue || runCheck })
    if (runCheck) await this.ctx.storage.setAlarm(Date.now())
  }

  /**
   * The shop's check (the Cron Trigger's, src/monitoring/scheduled-check.ts, or one shoppers'
   * failures asked for): confirmed at once by a second where one alone would change the
   * state; each logged under `requestId`. Alerts the change, if any. Resolves to the rows
   * `npm run report` reads (each check's outcome, each alert), which the caller writes.
   */
  async check(requestId: string, { resend = true }: { resend?: boolean } = {}): Promise<DataPoint[]> {
    const points: DataPoint[] = []
    for (let attempt = 0; attempt < 2; attempt++) {
      if (attempt > 0) await sleep(CONFIRM_AFTER_MS)
      const result = await checkCheckout(readConfig(this.env).storefront)
      if (result.ok) logLine('info', 'checkout check passed', { requestId, ms: result.ms })
      else
        logLine('error', 'checkout check failed', {
          requestId,
          ms: result.ms,
          failure: result.failure,
          reason: result.message,
        })
      points.push({ event: 'health_check', detail: result.ok ? 'ok' : result.failure, value: result.ms })
      const stored = await this.#stored()
      const seen: Observation = result.ok
        ? { source: 'check', ok: true }
        : { source: 'check', ok: false, failure: result.failure, message: result.message }
      const { state, change, confirm } = observe(stored, seen, Date.now())
      // A scheduled check sends again what was not delivered; one shoppers asked for does not, so
      // no shopper's checkout makes an alert go again.
      const unsent = resend ? stored.unsent.map((alert) => ({ ...alert, due: true })) : [...stored.unsent]
      const url = readConfig(this.env).alertWebhookUrl
      if (change) {
        points.push({ event: 'alert', detail: `${change.kind}:${change.failure}` })
        // No webhook: the owner reads it in Workers Logs (and `npm run report`).
        if (!url)
          logLine('error', 'checkout alert (ALERT_WEBHOOK_URL is not set)', {
            requestId,
            incident: change.incident,
            text: change.text,
          })
        else unsent.push({ id: `${change.incident}:${change.kind}`, text: change.text, due: true })
      }
      await this.#save({ ...stored, ...state, unsent: unsent.slice(-UNSENT_KEPT) })
      if (url && unsent.some((alert) => alert.due)) await this.ctx.storage.setAlarm(Date.now())
      if (!confirm) break
    }
    return points
  }

  /**
   * The scheduled check's comparison of the tax words with Shopify's market settings
   * (price-inclusions.ts): the owner is told once when they come to disagree (or disagree
   * otherwise), and once when they agree again; the alert goes as the checkout's do.
   */
  async comparePrices(requestId: string, disagreement: string | null): Promise<void> {
    const stored = await this.#stored()
    const before = stored.prices ?? null
    if (before === disagreement) return
    const text = disagreement ?? "The shop's tax words agree with Shopify's market settings again."
    await this.#queue(requestId, { ...stored, prices: disagreement }, `prices:${await shortHash(text)}`, text)
  }

  /**
   * A notice the owner is told once per `id`, however often it is asked for: an edit the
   * product store gave up following (product-edit.ts), Shopify answering another Storefront
   * API version, or the pinned one's end of support nearing (storefront-api-version.ts).
   */
  async tellOnce(requestId: string, id: string, text: string): Promise<void> {
    const stored = await this.#stored()
    const told = stored.toldOnce ?? []
    if (told.includes(id)) return
    await this.#queue(requestId, { ...stored, toldOnce: [...told, id].slice(-TOLD_ONCE_KEPT) }, id, text)
  }

  /** Saves `stored` with the alert queued, posted by the alarm as the checkout's are; without ALERT_WEBHOOK_URL, an error line. */
  async #queue(requestId: string, stored: Stored, id: string, text: string): Promise<void> {
    const url = readConfig(this.env).alertWebhookUrl
    if (!url) logLine('error', 'owner alert (ALERT_WEBHOOK_URL is not set)', { requestId, id, text })
    const unsent = url ? [...stored.unsent, { id, text, due: true }] : stored.unsent
    await this.#save({ ...stored, unsent: unsent.slice(-UNSENT_KEPT) })
    if (url) await this.ctx.storage.setAlarm(Date.now())
  }

  /** Runs a check shoppers asked for, then posts each alert that is due, once; what was not delivered waits, not due, for the next check. */
  override async alarm(): Promise<void> {
    if ((await this.#stored()).checkDue) {
      await this.#save({ ...(await this.#stored()), checkDue: false })
      const requestId = `asked-${Date.now()}`
      for (const point of await this.check(requestId, { resend: false })) this.#write(requestId, point)
    }
    const url = readConfig(this.env).alertWebhookUrl
    const { unsent: waiting } = await this.#stored()
    const due = waiting.filter((alert) => alert.due)
    if (url && due.length === 0 && waiting.length > 0)
      logLine('info', 'undelivered alerts wait for the next scheduled check', { count: waiting.length })
    if (!url || due.length === 0) return
    const delivered = new Set<string>()
    for (const alert of due) {
      const outcome = await postAlert(url, alert, (attempt, error) =>
        logLine('warn', 'alert post failed', { incident: alert.id, attempt, error }),
      )
      if (outcome === 'delivered') delivered.add(alert.id)
      else
        logLine('error', 'alert not delivered; it is sent again at the next scheduled check', {
          incident: alert.id,
          outcome,
          text: alert.text,
        })
    }
    // Read again: checks went on while the posts were out, and may have added alerts.
    const now = await this.#stored()
    const sent = new Set(due.map((alert) => alert.id))
    const unsent = now.unsent
      .filter((alert) => !delivered.has(alert.id))
      .map((alert) => (sent.has(alert.id) ? { ...alert, due: false } : alert))
    await this.#save({ ...now, unsent })
  }

  #write(requestId: string, point: DataPoint) {
    try {
      writePoint(this.env.EVENTS, point)
    } catch (error) {
      logLine('warn', 'analytics write failed', { requestId, error, event: point.event })
    }
  }

  async #stored(): Promise<Stored> {
    return (await this.ctx.storage.get<Stored>(STATE_KEY)) ?? { ...NO_INCIDENT, unsent: [], checkDue: false }
  }

  async #save(stored: Stored) {
    await this.ctx.storage.put(STATE_KEY, stored)
  }
}
