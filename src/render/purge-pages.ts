import type { Context } from 'hono'
import type { AppEnv } from '../app-env'
import { log } from '../log'

/** The slice of `ctx.cache` (Workers Cache) the shop uses. */
export type WorkersCacheControl = {
  purge(options: { tags: string[] }): Promise<unknown>
}

/**
 * Purges pages worldwide by tag. `ctx.cache` exists where Workers Cache is enabled (and in
 * the local stand-in, src/local/workers-cache.ts); elsewhere there is nothing to purge.
 */
export async function purgePages(c: Context<AppEnv>, tags: string[]): Promise<boolean> {
  const cache = (c.executionCtx as ExecutionContext & { cache?: WorkersCacheControl }).cache
  if (!cache) {
    log(c, 'warn', 'Workers Cache is not enabled: no pages to purge', { tags })
    return false
  }
  await cache.purge({ tags })
  return true
}
