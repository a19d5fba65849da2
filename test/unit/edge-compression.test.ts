// The bench's stand-in for Cloudflare's edge compression (bench/edge-compression.ts) follows
// Cloudflare's contract, and keeps a streamed page streamed: otherwise the bench's browser
// would meet a shop heavier, or slower to first paint, than the deployed one.
import { createServer } from 'node:http'
import { afterAll, describe, expect, test } from 'vitest'
import { compressedByTheEdge, edgeEncoder, startEdgeCompression } from '../../bench/edge-compression.ts'

describe("the edge's compression", () => {
  test('text of the listed types is compressed; pictures, other errors and encoded bodies are not', () => {
    expect(compressedByTheEdge(200, { 'content-type': 'text/html; charset=utf-8' })).toBe(true)
    expect(compressedByTheEdge(200, { 'content-type': 'text/javascript' })).toBe(true)
    expect(compressedByTheEdge(200, { 'content-type': 'image/svg+xml' })).toBe(true)
    expect(compressedByTheEdge(404, { 'content-type': 'text/html' })).toBe(true)
    expect(compressedByTheEdge(200, { 'content-type': 'image/webp' })).toBe(false)
    expect(compressedByTheEdge(500, { 'content-type': 'text/html' })).toBe(false)
    expect(compressedByTheEdge(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' })).toBe(false)
  })

  test('Brotli when the browser takes it, then Gzip, else nothing', () => {
    expect(edgeEncoder('gzip, deflate, br, zstd')?.name).toBe('br')
    expect(edgeEncoder('gzip;q=1.0, deflate')?.name).toBe('gzip')
    expect(edgeEncoder('identity')).toBeNull()
    expect(edgeEncoder(undefined)).toBeNull()
  })

  describe('in front of a server that streams', () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const origin = createServer(async (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' })
      res.write('<p>first</p>')
      await held
      res.end('<p>second</p>')
    })
    afterAll(() => origin.close())

    test('the first chunk reaches the browser compressed before the rest is written', async () => {
      await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve))
      const edge = await startEdgeCompression(`http://127.0.0.1:${(origin.address() as { port: number }).port}`)
      try {
        const response = await fetch(edge.origin, { headers: { 'Accept-Encoding': 'gzip' } })
        expect(response.headers.get('Content-Encoding')).toBe('gzip')
        const reader = response.body!.getReader() // fetch decodes gzip itself
        const first = await reader.read()
        expect(new TextDecoder().decode(first.value)).toBe('<p>first</p>')
        release()
        let rest = ''
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
          rest += new TextDecoder().decode(chunk.value)
        expect(rest).toBe('<p>second</p>')
      } finally {
        edge.close()
      }
    })
  })
})
