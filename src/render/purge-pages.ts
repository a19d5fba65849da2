import type { Context } from 'hono'
import type { AppEnv } from '../app-env.ts'
import { log } from '../log.ts'
import { sleep } from '../sleep.ts'

/** The slice of `ctx.cache` (Workers Cache) the shop uses. */
export type WorkersCacheControl = {
  purge(options: { tags: string[] }): Promise<unknown>
}

export type PurgeOutcome = 'purged' | 'no cache' | 'failed'

/**
 * Purges pages worldwide by tag, trying again after each of `retryDelaysMs` when Cloudflare
 * refuses. A purge fails when the account is past its purge rate limit (docs: "Purge cache";
 * a token bucket, so a later try can succeed) or on an error of Cloudflare's; each failure is
 * logged with the request id and `fields` (the handle). `ctx.cache` exists where Workers Cache
 * is enabled (and in the local stand-in, src/local/workers-cache.ts); elsewhere there is
 * nothing to purge.
 */
export async function purgePages(
  c: Context<AppEnv>,
  tags: string[],
  retryDelaysMs: number[] = [],
  fields: Record<string, unknown> = {},
): Promise<PurgeOutcome> {
  const cache = (c.executionCtx as ExecutionContext & { cache?: WorkersCacheControl }).cache
  if (!cache) {
    log(c, 'warn', 'Workers Cache is not enabled: no pages to purge', { tags })
    return 'no cache'
  }
  for (let attempt = 1; ; attempt++) {
    try {
      await cache.purge({ tags })
      return 'purged'
    } catch (error) {
      const retryInMs = retryDelaysMs[attempt - 1]
      log(c, 'warn', 'purge failed', { ...fields, tags, attempt, retryInMs: retryInMs ?? null, error })
      if (retryInMs === undefined) return 'failed'
      await sleep(retryInMs)
    }
  }
}
