// What Cloudflare's edge does in front of a deployed Worker and its static assets, and
// workerd does not do locally: compress text on the way to the browser. Without it the
// bench's browser downloads every page and script uncompressed from Miniflare (the framework
// chunk at 225 KB instead of about 72 KB), which no shopper of the deployed shop ever does.
//
// Cloudflare's contract ('Content compression', developers.cloudflare.com/speed/optimization/
// content/compression/): responses of the listed content types are sent Brotli- or
// Gzip-encoded when the browser's Accept-Encoding takes it; error responses only when their
// status is 403 or 404. Pictures (WebP, JPEG) are never re-compressed.
import { createServer, request, type IncomingHttpHeaders } from 'node:http'
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib'

// The content types of Cloudflare's list that this shop serves.
const COMPRESSED_TYPES = new Set([
  'text/html',
  'text/css',
  'text/plain',
  'text/javascript',
  'application/javascript',
  'application/json',
  'application/ld+json',
  'application/manifest+json',
  'text/xml',
  'application/xml',
  'image/svg+xml',
  'image/x-icon',
])

export function compressedByTheEdge(status: number, headers: IncomingHttpHeaders): boolean {
  const type = String(headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase()
  const statusCompressed = (status >= 200 && status < 300) || status === 403 || status === 404
  return statusCompressed && !headers['content-encoding'] && COMPRESSED_TYPES.has(type)
}

/** The encoder the edge picks for this Accept-Encoding: Brotli first, then Gzip, else none. */
export function edgeEncoder(
  acceptEncoding: string | undefined,
): { name: 'br' | 'gzip'; make: () => BrotliCompress | Gzip } | null {
  const accepted = new Set((acceptEncoding ?? '').split(',').map((part) => part.split(';')[0]!.trim().toLowerCase()))
  // Each streamed chunk is flushed as it comes, so a streamed page stays streamed (deployed
  // Workers stream compressed HTML).
  if (accepted.has('br'))
    return {
      name: 'br',
      make: () =>
        createBrotliCompress({
          flush: constants.BROTLI_OPERATION_FLUSH,
          params: { [constants.BROTLI_PARAM_QUALITY]: 5 },
        }),
    }
  if (accepted.has('gzip')) return { name: 'gzip', make: () => createGzip({ flush: constants.Z_SYNC_FLUSH, level: 6 }) }
  return null
}

/** A front on loopback that forwards everything to `origin` and compresses as the edge does. */
export async function startEdgeCompression(origin: string): Promise<{ origin: string; close: () => void }> {
  const upstream = new URL(origin)
  const server = createServer((req, res) => {
    const forward = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        const status = answer.statusCode ?? 502
        const encoder = compressedByTheEdge(status, answer.headers) ? edgeEncoder(req.headers['accept-encoding']) : null
        if (!encoder) {
          res.writeHead(status, answer.headers)
          return void answer.pipe(res)
        }
        const headers = {
          ...answer.headers,
          'content-encoding': encoder.name,
          vary: answer.headers.vary ? `${answer.headers.vary}, Accept-Encoding` : 'Accept-Encoding',
        }
        delete headers['content-length']
        res.writeHead(status, headers)
        answer.pipe(encoder.make()).pipe(res)
      },
    )
    forward.on('error', () => res.writeHead(502).end())
    req.pipe(forward)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => server.close() }
}
