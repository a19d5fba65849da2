/** How long Cloudflare keeps work under `ctx.waitUntil` going after the answer (docs: "Context (ctx)"). */
export const WAIT_UNTIL_MS = 30_000
/** What a webhook's work after its answer may take: waitUntil's time, less 4 s for its last purge's retries. */
export const WEBHOOK_WORK_BUDGET_MS = WAIT_UNTIL_MS - 4_000
/** The longest the product store's alarm may wait to ask again, so an edit a few seconds late is on the pages within the same 30 s. */
export const MAX_REFETCH_DELAY_MS = WEBHOOK_WORK_BUDGET_MS - 1_000
/** The longest a delivery may wait for its refresh slot and still follow its edit within that budget. */
export const MAX_REFRESH_INTERVAL_MS = WEBHOOK_WORK_BUDGET_MS - 2_000
