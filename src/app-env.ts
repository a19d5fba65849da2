import type { RequestIdVariables } from 'hono/request-id'
import type { Bindings } from './config'

/** Hono's view of the Worker: its bindings and per-request variables. */
export type AppEnv = { Bindings: Bindings; Variables: RequestIdVariables & { cache?: string } }
