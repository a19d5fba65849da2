// What a claimed products/update delivery sets off, in one place with no Hono and no
// bindings, so it is tested with fakes (test/unit/product-edit.test.ts); routes/webhooks.ts
// verifies, parses, claims and answers. The webhook refreshes and purges once; an edit Shopify
// does not show yet goes straight to the product's store, whose alarm alone follows it
// (product-store.ts, `followEdit`): one schedule, one purge path, however long Shopify lags.

/** What Shopify's answer says of an edit (ProductStore.refreshNow): shown, not yet, or the product no longer shown at all. */
export type Refreshed = { showsEdit: boolean; gone?: boolean }

/** The steps an edit takes, as the route wires them: the product's store, the purge, the clock. */
export type EditSteps = {
  /** Asks Shopify now; whether its answer shows the latest edit announced (ProductStore.refreshNow). */
  refresh(): Promise<Refreshed>
  /** Purges the product's pages worldwide, trying again after each delay; false when every try failed. */
  purge(retryDelaysMs: number[], step: string): Promise<boolean>
  log(level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>): void
  /** Leaves an edit Shopify does not show yet to the product's store, whose alarm asks until it does (ProductStore.followEdit). */
  handOver(): Promise<void>
}
/** The store's alarm's steps: the edit's, but handing over, and telling the owner at ALERT_WEBHOOK_URL once per `id` (CheckoutHealth.tellOnce). */
export type FollowSteps = Omit<EditSteps, 'handOver'> & { tellOwner(id: string, text: string): Promise<void> }
/**
 * Whether Shopify showed the edit, and whether the pages were purged (not when Shopify did
 * not answer: there was nothing newer to render); null when a purge was due and every try failed.
 */
export type EditOutcome = { showsEdit: boolean; purged: boolean } | null

/**
 * Retries of a purge while Shopify waits for the answer: it gives a delivery 5 s in all
 * (Shopify: "Troubleshooting webhooks"), the refresh before it included.
 */
export const PURGE_RETRIES_MS = [300, 1_000]
/** Retries of a purge after the answer, within waitUntil's 30 s. */
export const LATE_PURGE_RETRIES_MS = [500, 1_000, 2_000]

/**
 * The first step: asks Shopify, then purges, even when its answer does not show the edit yet:
 * a page rendered just before the webhook may hold old data. When Shopify does not answer,
 * nothing is purged: the pages, and the store's answer behind them (marked stale, but standing
 * as stale-if-error), are the best there is until Shopify answers again, and the store's alarm
 * follows the edit meanwhile. A product Shopify no longer shows is purged, so its pages
 * answer as for a missing product, and not followed.
 */
export async function refreshAndPurge(steps: EditSteps, step: string, retryDelaysMs: number[]): Promise<EditOutcome> {
  const shown = await refreshed(steps, step)
  if (shown === 'failed') return { showsEdit: false, purged: false }
  return (await steps.purge(retryDelaysMs, step)) ? { showsEdit: shown !== 'lagging', purged: true } : null
}

/** Asks Shopify: whether its answer shows the edit, lags it, shows no product at all, or failed. */
async function refreshed(
  steps: Pick<EditSteps, 'refresh' | 'log'>,
  step: string,
): Promise<'shown' | 'lagging' | 'gone' | 'failed'> {
  try {
    const { showsEdit, gone } = await steps.refresh()
    if (gone) {
      steps.log(
        'warn',
        'Shopify no longer shows the product (draft, archived or unpublished): its pages answer as not found',
        { step },
      )
      return 'gone'
    }
    steps.log('info', 'product refreshed after webhook', { step, showsEdit })
    return showsEdit ? 'shown' : 'lagging'
  } catch (error) {
    steps.log('warn', 'refresh after webhook failed', { step, error })
    return 'failed'
  }
}

/**
 * After the first refresh and purge: an edit Shopify does not show yet is handed to the
 * product's store, whose alarm asks Shopify every WEBHOOK_REFETCH_DELAY_MS and purges once it
 * does, so an edit a few seconds behind its webhook is on the pages at the alarm's first ask.
 * Pages that could not be purged, or an edit the store could not take, are errors for the owner.
 */
export async function handOverIfLagging(steps: EditSteps, outcome: EditOutcome): Promise<void> {
  if (!outcome) {
    steps.log('error', 'product edit may not have reached the pages: purge failed on every try')
    return
  }
  if (outcome.showsEdit) return
  try {
    await steps.handOver()
    steps.log('info', "Shopify does not show the edit yet: the product store's alarm follows it")
  } catch (error) {
    steps.log('error', 'Shopify does not show the edit, and the product store could not follow it', { error })
  }
}

/**
 * One alarm of the product store following an edit (ProductStore.followEdit): asks Shopify,
 * and purges once its answer shows the edit (or shows no product). 'again' while `lastTry` is
 * false and it does not show yet (or the purge failed); on the last try, what is left undone
 * is an error in the log and an alert for the owner, once: `edit` names the edit followed.
 */
export async function followEditOnce(
  steps: FollowSteps,
  { lastTry, edit, followMs }: { lastTry: boolean; edit: string; followMs: number },
): Promise<'done' | 'again' | 'given up'> {
  const shown = await refreshed(steps, 'alarm')
  const showsEdit = shown === 'shown' || shown === 'gone'
  if (showsEdit && (await steps.purge(LATE_PURGE_RETRIES_MS, 'alarm'))) return 'done'
  if (!lastTry) return 'again'
  const text = showsEdit
    ? `The product edit ${edit} may not have reached the pages: their purge failed on every try. They show it once the page cache expires (HTML_CACHE_SECONDS).`
    : `Shopify did not show the product edit ${edit} within ${followMs % 60_000 === 0 ? `${followMs / 60_000} min` : `${Math.round(followMs / 1000)} s`} of its webhook${shown === 'failed' ? ', nor answer at all' : ''}. The pages show it once Shopify does and the product cache expires (PRODUCT_CACHE_FRESH_SECONDS).`
  steps.log('error', text)
  try {
    await steps.tellOwner(`edit:${edit}`, text)
  } catch (error) {
    steps.log('error', 'the owner could not be told of the product edit given up', { error })
  }
  return 'given up'
}
