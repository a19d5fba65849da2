import { writePoint } from '../analytics/record.ts'
import { readConfig, type Bindings } from '../config.ts'
import { logLine } from '../log-line.ts'
import { checkoutHealth } from './health.ts'
import { comparePriceInclusions } from './price-inclusions.ts'
import { checkApiVersion } from './storefront-api-version.ts'

/**
 * The Cron Trigger's handler (wrangler.toml `[triggers] crons`, every 5 minutes): the shop's
 * CheckoutHealth checks that a shopper could check out now (checkout-check.ts) and alerts the
 * owner once per incident and once on recovery (incidents.ts); each check's outcome and each
 * alert are kept here for `npm run report`. Then it compares the pages' tax words with Shopify's
 * market settings (price-inclusions.ts); one that could not be read is tried at the next run.
 * Last, whether Shopify still answers with the Storefront API version the shop pins, and for
 * how long it will (storefront-api-version.ts), each notice told to the owner once. Scheduled
 * runs have no request: their log lines carry the run's own id.
 */
export async function runScheduledCheck(
  controller: Pick<ScheduledController, 'cron' | 'scheduledTime'>,
  env: Bindings,
): Promise<void> {
  const requestId = `scheduled-${controller.scheduledTime}`
  for (const point of await checkoutHealth(env).check(requestId)) {
    try {
      writePoint(env.EVENTS, point)
    } catch (error) {
      logLine('warn', 'analytics write failed', { requestId, error, event: point.event })
    }
  }
  const prices = await comparePriceInclusions(readConfig(env), requestId)
  if (prices !== undefined) await checkoutHealth(env).comparePrices(requestId, prices)
  for (const { id, text } of await checkApiVersion(readConfig(env), requestId, controller.scheduledTime))
    await checkoutHealth(env).tellOnce(requestId, id, text)
}
