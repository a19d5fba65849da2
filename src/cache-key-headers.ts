// No imports, so Node runs it as it is (the benchmark loads the local Workers Cache stand-in,
// src/local/workers-cache.ts, which keys by these too).

/**
 * The request headers Cloudflare's default cache key holds besides the URL (docs: "Cache
 * Keys", 'A default cache key includes'). The shop reads none of them, so each value sent is
 * one more copy of the same page: such a request is answered, like an odd spelling, from
 * the canonical page, asked for without them.
 */
export const KEY_HEADERS = [
  'origin',
  'x-http-method-override',
  'x-http-method',
  'x-method-override',
  'x-forwarded-host',
  'x-host',
  'x-forwarded-scheme',
  'x-original-url',
  'x-rewrite-url',
  'forwarded',
]
