import { createServer, request } from 'node:http'

/**
 * The bound under each page's Lighthouse figures that no JavaScript work can beat: the page
 * exactly as the shop serves it, headers and all, with every <script> and module preload taken
 * out. Served from memory; every other request (pictures, favicon) goes through to the shop.
 */
export async function startScriptFreeCopy(
  shop: { origin: string; fetch(path: string, init?: RequestInit): Promise<Response> },
  paths: string[],
  headers: Record<string, string>,
) {
  const pages = new Map<string, { headers: Record<string, string>; body: Buffer }>()
  for (const path of paths) {
    const res = await shop.fetch(path, { headers })
    const html = (await res.text())
      .replace(/<script\b[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '')
    if (/<script|modulepreload/.test(html)) throw new Error(`${path}: a script survived`)
    const kept = Object.fromEntries(
      [...res.headers].filter(([name]) => !['content-length', 'content-encoding', 'transfer-encoding'].includes(name)),
    )
    pages.set(path, { headers: kept, body: Buffer.from(html) })
  }
  const upstream = new URL(shop.origin)
  const server = createServer((req, res) => {
    const page = pages.get(req.url ?? '')
    if (page) return void res.writeHead(200, page.headers).end(page.body)
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    forward.on('error', () => res.writeHead(502).end())
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => server.close() }
}
