/**
 * A `setImmediate` for React's scheduler, which posts each slice of its work as a
 * MessageChannel message unless the page has a `setImmediate` (its own feature test, read
 * when the framework's code is evaluated: hence here, in the inline starter, before it).
 *
 * Firefox (ESR 140) drops a MessageChannel message posted as the page goes into its
 * back-forward cache, where a timer set at the same moment fires once the page is back. A
 * slice of React's work lost so leaves its scheduler waiting for a message that never comes:
 * a page brought back by Back or Forward then renders nothing it does not do at a tap (the
 * cart read again on the restore never reaches the badge). This one posts on a channel of its
 * own too, and posts again, when the page is back, whatever did not run.
 *
 * No Firefox bug names this: the HTML standard leaves open what becomes of a message to a page
 * in the back-forward cache (whatwg/html#7253, and #8972, which would evict the page). It can go
 * when `test/engines/shopper-paths.test.ts`, 'work set going as the page is put away for Back
 * runs once it is back', passes in Firefox without it.
 */
export function provideSetImmediate() {
  const global = globalThis as unknown as { setImmediate?: (run: () => void) => number }
  // Without MessageChannel, React's scheduler falls back to setTimeout, which Firefox keeps.
  if (global.setImmediate || typeof MessageChannel === 'undefined') return
  const waiting = new Map<number, () => void>()
  let next = 0
  const channel = new MessageChannel()
  channel.port1.onmessage = ({ data }: MessageEvent<number>) => {
    const run = waiting.get(data)
    waiting.delete(data)
    run?.()
  }
  addEventListener('pageshow', (event) => {
    if (event.persisted) for (const id of waiting.keys()) channel.port2.postMessage(id)
  })
  global.setImmediate = (run) => {
    waiting.set(next, run)
    channel.port2.postMessage(next)
    return next++
  }
}
