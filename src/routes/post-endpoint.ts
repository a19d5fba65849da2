import type { Context, ErrorHandler, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import type { z } from 'zod'
import type { AppEnv } from '../app-env.ts'

// What the Worker's POST endpoints (/checkout, /events) answer alike: never cached, a bad
// request in one JSON shape that says what is wrong, and a POST-only route.

/** Every answer `no-store`: nothing a POST endpoint (or /cart/status) answers may be kept by any cache. */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
}

/**
 * Hono's validator turns a body that is not JSON into an HTTPException, and its CSRF guard
 * a cross-site post into a 403; both said in the shape every other bad request gets.
 */
export function refusals(crossSite: string): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof HTTPException && error.status === 400 && /JSON/.test(error.message))
      return c.json({ error: 'Request body is not valid JSON' }, 400)
    if (error instanceof HTTPException && error.status === 403) return c.json({ error: crossSite }, 403)
    throw error
  }
}

/** A body over `maxSize` bytes is a 413 that says the limit. */
export const limitBody = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => c.json({ error: `Request body is larger than ${maxSize} bytes` }, 413) })

/** zod's first ten issues, each as the field's path and what is wrong with it. */
export function issuesOf(error: z.core.$ZodError): { path: string; message: string }[] {
  return error.issues.slice(0, 10).map((i) => ({ path: i.path.join('.') || '(body)', message: i.message }))
}

/** Any method but POST. */
export function postOnly(c: Context<AppEnv>) {
  c.header('Allow', 'POST')
  return c.json({ error: `${c.req.method} is not allowed here; use POST` }, 405)
}
