import type { DataPoint } from '../analytics/columns'
import { writePoint } from '../analytics/record'
import { readConfig, type Bindings } from '../config'
import { logLine } from '../log-line'
import { checkCheckout } from './checkout-check'
import { checkoutHealth } from './health'

/**
 * The Cron Trigger's handler (wrangler.toml `[triggers] crons`, every 5 minutes): checks
 * that a shopper could check out now, keeps the outcome for `npm run report` (a
 * `health_check` row: 'ok' or the failure's class, and how long it took), and tells the
 * shop's CheckoutHealth, which alerts the owner once per incident and once on recovery.
 * Scheduled runs have no request: their log lines carry the run's own id.
 */
export async function runScheduledCheck(controller: Pick<ScheduledController, 'cron' | 'scheduledTime'>, env: Bindings): Promise<void> {
  const requestId = `scheduled-${controller.scheduledTime}`
  const line = (level: 'info' | 'warn' | 'error', message: string, fields: Record<string, unknown> = {}) => logLine(level, message, { requestId, cron: controller.cron, ...fields })
  const result = await checkCheckout(readConfig(env).storefront)
  if (result.ok) line('info', 'checkout check passed', { ms: result.ms })
  else line('error', 'checkout check failed', { ms: result.ms, failure: result.failure, reason: result.message })
  const write = (point: DataPoint) => {
    try {
      writePoint(env.EVENTS, point)
    } catch (error) {
      line('warn', 'analytics write failed', { error, event: point.event })
    }
  }
  write({ event: 'health_check', detail: result.ok ? 'ok' : result.failure, value: result.ms })
  const { change } = await checkoutHealth(env).observe(result.ok ? { source: 'check', ok: true } : { source: 'check', ok: false, failure: result.failure, message: result.message }, requestId)
  if (change) write({ event: 'alert', detail: `${change.kind}:${change.failure}` })
}
