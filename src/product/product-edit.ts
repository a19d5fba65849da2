// What a claimed products/update delivery sets off, in one place with no Hono and no
// bindings, so it is tested with fakes (test/unit/product-edit.test.ts); routes/webhooks.ts
// verifies, parses, claims and answers. The webhook refreshes and purges once; an edit Shopify
// does not show yet goes straight to the product's store, whose alarm alone follows it
// (product-store.ts, `followEdit`): one schedule, one purge path, however long Shopify lags.

/** The steps an edit takes, as the route wires them: the product's store, the purge, the clock. */
export type EditSteps = {
  /** Asks Shopify now; whether its answer shows the latest edit announced (ProductStore.refreshNow). */
  refresh(): Promise<{ showsEdit: boolean }>
  /** Purges the product's pages worldwide, trying again after each delay; false when every try failed. */
  purge(retryDelaysMs: number[], step: string): Promise<boolean>
  log(level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>): void
  /** Leaves an edit Shopify does not show yet to the product's store, whose alarm asks until it does (ProductStore.followEdit). */
  handOver(): Promise<void>
}
/** Whether Shopify showed the edit, or null when the pages could not be purged. */
export type EditOutcome = { showsEdit: boolean } | null

/**
 * Retries of a purge while Shopify waits for the answer: it gives a delivery 5 s in all
 * (Shopify: "Troubleshooting webhooks"), the refresh before it included.
 */
export const PURGE_RETRIES_MS = [300, 1_000]
/** Retries of a purge after the answer, within waitUntil's 30 s. */
export const LATE_PURGE_RETRIES_MS = [500, 1_000, 2_000]

/**
 * The first step: asks Shopify, then purges, even when its answer does not show the edit yet:
 * a page rendered just before the webhook may hold old data. A failed refresh leaves the
 * store's entry marked stale, so the next page asks Shopify again: once the purge is done,
 * the edit reaches the pages either way, and it counts as not shown, so a later step asks again.
 */
export async function refreshAndPurge(steps: EditSteps, step: string, retryDelaysMs: number[]): Promise<EditOutcome> {
  const showsEdit = await refreshed(steps, step)
  return (await steps.purge(retryDelaysMs, step)) ? { showsEdit } : null
}

/** Asks Shopify; whether its answer shows the edit (a failed call does not). */
async function refreshed(steps: Pick<EditSteps, 'refresh' | 'log'>, step: string): Promise<boolean> {
  try {
    const { showsEdit } = await steps.refresh()
    steps.log('info', 'product refreshed after webhook', { step, showsEdit })
    return showsEdit
  } catch (error) {
    steps.log('warn', 'refresh after webhook failed', { step, error })
    return false
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

/** How long the product store's alarm asks Shopify for an edit before telling the owner it never showed. */
export const EDIT_FOLLOW_MS = 10 * 60_000

/**
 * One alarm of the product store following an edit (ProductStore.followEdit): asks Shopify,
 * and purges once its answer shows the edit. 'again' while `lastTry` is false and it does not
 * show yet (or the purge failed); on the last try, what is left undone is an error for the owner.
 */
export async function followEditOnce(
  steps: Omit<EditSteps, 'handOver'>,
  lastTry: boolean,
): Promise<'done' | 'again' | 'given up'> {
  const showsEdit = await refreshed(steps, 'alarm')
  if (showsEdit && (await steps.purge(LATE_PURGE_RETRIES_MS, 'alarm'))) return 'done'
  if (!lastTry) return 'again'
  steps.log(
    'error',
    showsEdit
      ? 'product edit may not have reached the pages: purge failed on every try'
      : `Shopify did not show the edit within ${EDIT_FOLLOW_MS / 60_000} min of its webhook: pages show it once the product cache expires (PRODUCT_CACHE_FRESH_SECONDS)`,
  )
  return 'given up'
}
