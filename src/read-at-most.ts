/**
 * An answer's body, read while it streams and given up (cancelled) the moment it passes
 * `maxBytes`, so an endless or huge answer from Shopify costs at most that much memory; null
 * when it is too large, by its Content-Length before reading or by its bytes while reading.
 * Every answer the Worker reads from outside goes through it: the Storefront API's, the Admin
 * API's, the UCP profile's.
 */
export async function readAtMost(answer: Response, maxBytes: number): Promise<Blob | null> {
  if (Number(answer.headers.get('Content-Length') ?? 0) > maxBytes) {
    await answer.body?.cancel()
    return null
  }
  const chunks: Uint8Array<ArrayBuffer>[] = []
  let size = 0
  const reader = answer.body?.getReader()
  for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
    size += read.value.byteLength
    if (size > maxBytes) {
      await reader!.cancel()
      return null
    }
    chunks.push(read.value as Uint8Array<ArrayBuffer>)
  }
  return new Blob(chunks)
}
