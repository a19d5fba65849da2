// What a claimed products/update delivery sets off, in one place with no Hono and no
// bindings, so it is tested with fakes (test/unit/product-edit.test.ts); routes/webhooks.ts
// verifies, parses, claims and answers.

/** The steps an edit takes, as the route wires them: the product's store, the purge, the clock. */
export type EditSteps = {
  /** Asks Shopify now; whether its answer shows the latest edit announced (ProductStore.refreshNow). */
  refresh(): Promise<{ showsEdit: boolean }>
  /** Purges the product's pages worldwide, trying again after each delay; false when every try failed. */
  purge(retryDelaysMs: number[], step: string): Promise<boolean>
  log(level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>): void
  sleep(ms: number): Promise<void>
  now(): number
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
async function refreshed(steps: EditSteps, step: string): Promise<boolean> {
  try {
    const { showsEdit } = await steps.refresh()
    steps.log('info', 'product refreshed after webhook', { step, showsEdit })
    return showsEdit
  } catch (error) {
    steps.log('warn', 'refresh after webhook failed', { step, error })
    return false
  }
}

/** At most this many refetches after the first refresh: Storefront calls stay few whatever the delay is set to. */
export const MAX_REFETCHES = 3

/**
 * Shopify's Storefront data can lag its webhook: until its answer shows the edit (not merely
 * until it changes, which another edit in flight can make it do), ask again every `delayMs`,
 * until `deadline`, and purge once it does: an answer that does not show the edit changes
 * nothing on the pages, so it costs no purge (a purge allowance is small: config.ts,
 * WEBHOOK_REFRESH_INTERVAL_MS). An edit still not shown when waitUntil's time is up is handed
 * to the product's store, whose alarm goes on asking (product-store.ts, `followEdit`). This
 * runs after the answer, where no failure can make Shopify retry the delivery, so what is
 * left undone is an error for the owner.
 */
export async function followLaggingEdit(
  steps: EditSteps,
  first: EditOutcome,
  { delayMs, deadline }: { delayMs: number; deadline: number },
): Promise<EditOutcome> {
  let outcome = first
  for (let refetch = 1; outcome?.showsEdit === false && refetch <= MAX_REFETCHES && deadline > steps.now(); refetch++) {
    await steps.sleep(Math.min(delayMs, deadline - steps.now()))
    const showsEdit = await refreshed(steps, 'after delay')
    if (showsEdit) outcome = (await steps.purge(LATE_PURGE_RETRIES_MS, 'after delay')) ? { showsEdit } : null
  }
  if (!outcome) steps.log('error', 'product edit may not have reached the pages: purge failed on every try')
  else if (!outcome.showsEdit) {
    try {
      await steps.handOver()
      steps.log('info', "Shopify does not show the edit yet: the product store's alarm follows it")
    } catch (error) {
      steps.log('error', 'Shopify does not show the edit, and the product store could not follow it', { error })
    }
  }
  return outcome
}
