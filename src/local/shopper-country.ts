/**
 * Where the local shop's shopper is, for `npm start` and the tests only (never in the deployed
 * Worker, whose entry is src/index.ts): with `LOCAL_SHOPPER_COUNTRY` set (`SHOPPER_COUNTRY=DE
 * npm start`, or a test's shop), every request carries that country in `request.cf.country`,
 * as Cloudflare would put it there for a shopper in that country. Miniflare's own `cf` is the
 * same for every request, and requests over the tests' direct sockets carry none at all.
 */
type Handler = { fetch(request: Request, env: Env, ctx: ExecutionContext): Response | Promise<Response> }

export function withLocalShopperCountry(worker: Handler): Handler {
  return {
    fetch(request, env, ctx) {
      const country = (env as Env & { LOCAL_SHOPPER_COUNTRY?: string }).LOCAL_SHOPPER_COUNTRY?.trim().toUpperCase()
      if (!country) return worker.fetch(request, env, ctx)
      return worker.fetch(new Request(request, { cf: { ...(request.cf ?? {}), country } } as RequestInit), env, ctx)
    },
  }
}
