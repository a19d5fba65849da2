// A door in front of the test shop, for the engines suite: what the three engines' drivers
// cannot all do themselves, done once, the same way for each, on the wire.
// - It notes what goes wrong in a page: a small script, first in every page's <head>,
//   keeps console errors, uncaught errors and rejections, resources that failed and CSP
//   violations for `window.__readProblems()` (WebKitWebDriver has no console to read; Puppeteer's
//   differs between Chromium and Firefox). The page's CSP gains that script's hash, and
//   nothing else.
//   It notes too a prerendered page's use of storage or beacons before it is shown.
// - It can hold back the app's scripts (`holdScripts`), as a slow phone network does, or
//   make some gone, as a deploy does to a page opened before it (`goneScripts`).
// - It notes every request it passed (`asked`), so a test can tell what a page did, and
//   can serve other Speculation Rules than the shop's (`speculationRules`).
// Requests pass with their own Host header, so the shop sees the address the browser uses.
import { createHash } from 'node:crypto'
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

const RECORDER = `(() => {
  const problems = []
  const consoleError = console.error
  console.error = function (...args) {
    problems.push('console.error: ' + args.map(String).join(' '))
    return consoleError.apply(this, args)
  }
  // Firefox fires 'error' at a <link rel=modulepreload> for a module an import is already
  // fetching: only one that never arrived (no answer under 400 for it, read with the rest)
  // failed. __readProblems() gives everything noted.
  const preloads = []
  const arrived = (url) => performance.getEntriesByName(url).some((entry) => entry.responseEnd > 0 && (entry.responseStatus ?? 200) < 400)
  // A file still on its way when the shopper left the page is cancelled by the browser, and
  // WebKit fires its 'error' then, or when the page comes back from the back-forward cache:
  // the shopper left, nothing failed them. Only files asked for before a pagehide and not
  // arrived by it are taken as left; one asked for after it, or failing before it, still counts.
  const left = new Set()
  addEventListener('pagehide', () => {
    for (const element of document.querySelectorAll('link[rel=modulepreload], script[src]')) {
      const url = element.href || element.src
      if (!arrived(url)) left.add(url)
    }
  }, true)
  window.__readProblems = () => [...problems, ...preloads.filter((url) => !arrived(url)).map((url) => 'failed to load: ' + url)]
  addEventListener('error', (event) => {
    const target = event.target
    if (!(target instanceof Element)) return problems.push('error: ' + event.message)
    const url = target.src || target.href
    if (left.has(url)) return
    if (target.rel === 'modulepreload') return preloads.push(url)
    problems.push('failed to load: ' + url)
  }, true)
  addEventListener('unhandledrejection', (event) => problems.push('unhandled rejection: ' + event.reason))
  document.addEventListener('securitypolicyviolation', (event) => problems.push('CSP: ' + event.violatedDirective + ' ' + event.blockedURI))
  // A page Chromium prerenders (Speculation Rules) leaves the stored cart and the beacon
  // alone until it is shown: a read, a write or a beacon while prerendered is a problem.
  const whilePrerendered = (owner, name) => {
    const own = owner[name]
    owner[name] = function (...args) {
      if (document.prerendering) problems.push(name + ' while prerendered: ' + String(args[0]))
      return own.apply(this, args)
    }
  }
  for (const name of ['getItem', 'setItem', 'removeItem']) whilePrerendered(Storage.prototype, name)
  whilePrerendered(Navigator.prototype, 'sendBeacon')
})()`
const RECORDER_HASH = `'sha256-${createHash('sha256').update(RECORDER).digest('base64')}'`

export type FrontDoor = Awaited<ReturnType<typeof openFrontDoor>>

export async function openFrontDoor(shopOrigin: string) {
  const shop = new URL(shopOrigin)
  let held: Promise<void> | null = null
  let heldName = ''
  /** The requests held now. */
  const waiting = new Set<IncomingMessage>()
  /** Every request passed, as 'METHOD /path'. */
  const asked: string[] = []
  /** The status the shop answered each path with, its latest. */
  const statuses = new Map<string, number>()
  /** Every request a browser sent on a hunch (Speculation Rules), as 'METHOD /path (Sec-Purpose)'. */
  const speculated: string[] = []
  let gone: string | null = null
  /** A Speculation Rules set served in place of the shop's, if any. */
  let rules: string | null = null
  let releaseHeld = () => {}

  async function pass(incoming: IncomingMessage, outgoing: ServerResponse) {
    const path = new URL(incoming.url!, shopOrigin).pathname
    asked.push(`${incoming.method} ${path}`)
    const purpose = incoming.headers['sec-purpose']
    if (purpose) speculated.push(`${incoming.method} ${path} (${purpose})`)
    if (rules !== null && path === '/speculation-rules.json') {
      outgoing.writeHead(200, { 'content-type': 'application/speculationrules+json' })
      return void outgoing.end(rules)
    }
    // Gone after a deploy: the chunks named, and this version's every file when a page asks after it.
    if (gone !== null && path.startsWith('/assets/') && (incoming.method === 'HEAD' || path.includes(gone))) {
      statuses.set(path, 404)
      outgoing.writeHead(404, { 'content-type': 'text/plain' })
      return void outgoing.end(incoming.method === 'HEAD' ? undefined : 'Not Found')
    }
    if (held && /^\/assets\/[\w-]+\.js$/.test(path) && path.includes(heldName)) {
      waiting.add(incoming)
      await held
      waiting.delete(incoming)
    }
    const upstream = forward(
      {
        host: shop.hostname,
        port: shop.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'accept-encoding': 'identity' },
      },
      async (answer) => {
        statuses.set(path, answer.statusCode!)
        const headers = { ...answer.headers }
        if (!String(headers['content-type']).startsWith('text/html')) {
          outgoing.writeHead(answer.statusCode!, headers)
          return void answer.pipe(outgoing)
        }
        const chunks: Buffer[] = []
        for await (const chunk of answer) chunks.push(chunk as Buffer)
        const html = Buffer.concat(chunks).toString('utf8').replace('<head>', `<head><script>${RECORDER}</script>`)
        if (headers['content-security-policy'])
          headers['content-security-policy'] = String(headers['content-security-policy']).replace(
            "script-src 'self'",
            `script-src 'self' ${RECORDER_HASH}`,
          )
        delete headers['content-length']
        delete headers['transfer-encoding']
        outgoing.writeHead(answer.statusCode!, headers)
        outgoing.end(html)
      },
    )
    upstream.on('error', (error) => outgoing.destroy(error))
    incoming.pipe(upstream)
  }

  const server = createServer(
    (incoming, outgoing) => void pass(incoming, outgoing).catch((error: Error) => outgoing.destroy(error)),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /**
     * Holds every request for the app's scripts (or only those whose file name has `name` in
     * it) until the returned function (or releaseScripts) is called.
     */
    holdScripts(name = ''): () => void {
      heldName = name
      let release = () => {}
      held = new Promise<void>((resolve) => (release = resolve))
      releaseHeld = () => {
        held = null
        release()
      }
      return releaseHeld
    },
    releaseScripts: () => releaseHeld(),
    /** Answers 404 for the app's files whose name has `name` in it, and for a HEAD of any, as after a deploy; `null` brings them back. */
    goneScripts(name: string | null) {
      gone = name
    },
    /** Serves `set` as the Speculation Rules in place of the shop's; `null` brings the shop's back. */
    speculationRules(set: object | null) {
      rules = set === null ? null : JSON.stringify(set)
    },
    /** Every request the door has passed so far, as 'METHOD /path'. */
    asked: () => [...asked],
    /** Whether the shop answered this URL's path with a success: a file a page reports failed was then cancelled by the browser, not missing. */
    served: (url: string) => (statuses.get(new URL(url).pathname) ?? 0) < 400 && statuses.has(new URL(url).pathname),
    /** Every request sent ahead of a click (a prefetch or prerender), as 'METHOD /path (Sec-Purpose)'. */
    speculated: () => [...speculated],
    /** The paths of the requests held now. */
    waiting: () => [...waiting].map((request) => request.url!),
    close: () => new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  }
}
