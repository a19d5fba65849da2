import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { rgbaToThumbHash } from 'thumbhash'
import { photographDrawing, standInSize } from './stand-in-photo.ts'

/**
 * The double's stand-in for Shopify's image CDN, on the store-domain path Shopify uses
 * (`https://{shop}/cdn/shop/files/{file}`). The originals are stand-in photographs of the
 * shop's drawings (2048 px JPEGs of about half a megabyte), and a URL's parameters are
 * honoured as Shopify's CDN honours them (shopify.dev, Liquid `image_url`):
 *
 * - `width`, `height` (1–5760): the size; one alone keeps the aspect ratio, and a picture is
 *   never made larger than its original;
 * - `crop` (`center`, `top`, `bottom`, `left`, `right`) with both: cover the box from that
 *   side; both without `crop`: fit inside the box;
 * - `format=jpg|pjpg`: JPEG whatever the browser takes. Otherwise the format follows the
 *   `Accept` header, as on Shopify's CDN: WebP where the browser takes it, else the original
 *   format. Shopify picks AVIF or WebP by its own measure; the double always answers WebP,
 *   the heavier of the two, so figures measured against it err on the heavy side.
 */
export const CDN_PATH = '/cdn/shop/files/'
/** A host that is not Shopify's: the original as it is, whatever the URL asks. */
export const ELSEWHERE_PATH = '/elsewhere/'
const DRAWINGS = new URL('../client/content/photos/drawings/', import.meta.url)
const FILE = /^([\w-]{1,64})\.jpg$/
const CROPS = { center: 'centre', top: 'north', bottom: 'south', left: 'west', right: 'east' } as const
const MAX_SIDE = 5760

export type ImageFacts = { width: number; height: number; thumbhash: string }

// What the CDN has made depends only on the file and the parameters, so every double in a
// process shares it: encoding a picture costs tens of milliseconds, a photograph a second.
const originals = new Map<string, Promise<Buffer | null>>()
const facts = new Map<string, Promise<ImageFacts | null>>()
const variants = new Map<string, Promise<{ body: Buffer; type: string }>>()

export function createCdn() {
  const drawing = (file: string): Promise<Buffer | null> => {
    const name = FILE.exec(file)?.[1]
    return name ? readFile(new URL(`${name}.svg`, DRAWINGS)).catch(() => null) : Promise.resolve(null)
  }

  /** The original photograph behind `file` (`blanket-1.jpg`), or null when there is none. */
  function original(file: string): Promise<Buffer | null> {
    let found = originals.get(file)
    if (!found) {
      found = drawing(file).then((svg) => svg && photographDrawing(svg))
      originals.set(file, found)
    }
    return found
  }

  /**
   * What the Storefront API says of an image: its size and ThumbHash. Read off the drawing,
   * so a product query never waits for a photograph to be made (a second, the first time).
   */
  function describe(file: string): Promise<ImageFacts | null> {
    let known = facts.get(file)
    if (!known) {
      known = drawing(file).then(async (svg) => {
        if (!svg) return null
        const { width, height } = await standInSize(svg)
        const small = await sharp(svg)
          .resize(100, 100, { fit: 'inside' })
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true })
        const hash = rgbaToThumbHash(small.info.width, small.info.height, small.data)
        return { width, height, thumbhash: Buffer.from(hash).toString('base64') }
      })
      facts.set(file, known)
    }
    return known
  }

  async function serve(file: string, url: URL, accept: string): Promise<Response> {
    const bytes = await original(file)
    if (!bytes) return new Response('Not Found', { status: 404 })
    const size = (name: string) => {
      const raw = url.searchParams.get(name)
      if (raw === null) return undefined
      const n = Number(raw)
      return Number.isInteger(n) && n >= 1 && n <= MAX_SIDE ? n : NaN
    }
    const width = size('width')
    const height = size('height')
    const crop = url.searchParams.get('crop')
    const format = url.searchParams.get('format')
    if (
      Number.isNaN(width) ||
      Number.isNaN(height) ||
      (crop !== null && !(crop in CROPS)) ||
      (format !== null && format !== 'jpg' && format !== 'pjpg')
    ) {
      return new Response('Bad image parameters', { status: 400 })
    }
    const webp = format === null && /\bimage\/webp\b/.test(accept)
    const key = `${file}|${width}|${height}|${crop}|${webp}`
    let variant = variants.get(key)
    if (!variant) {
      const fit = width && height ? (crop ? 'cover' : 'inside') : 'inside'
      const position = crop ? CROPS[crop as keyof typeof CROPS] : 'centre'
      const resized = sharp(bytes).resize({ width, height, fit, position, withoutEnlargement: true })
      variant = (
        webp
          ? resized.webp({ quality: 75 })
          : resized.jpeg({ quality: 80, mozjpeg: true, progressive: format === 'pjpg' })
      )
        .toBuffer()
        .then((body) => ({ body, type: webp ? 'image/webp' : 'image/jpeg' }))
      variants.set(key, variant)
    }
    const { body, type } = await variant
    return new Response(new Uint8Array(body), {
      headers: { 'Content-Type': type, Vary: 'Accept', 'Cache-Control': 'public, max-age=31536000, immutable' },
    })
  }

  async function serveOriginal(file: string): Promise<Response> {
    const bytes = await original(file)
    return bytes
      ? new Response(new Uint8Array(bytes), { headers: { 'Content-Type': 'image/jpeg' } })
      : new Response('Not Found', { status: 404 })
  }

  return { describe, serve, serveOriginal }
}

/** `url(transform:)` of the Storefront API as the CDN parameters it stands for. */
export function transformedUrl(
  url: string,
  transform?: { maxWidth?: number; maxHeight?: number; crop?: string; preferredContentType?: string; scale?: number },
) {
  if (!transform) return url
  const out = new URL(url)
  const scale = transform.scale ?? 1
  if (transform.maxWidth) out.searchParams.set('width', String(transform.maxWidth * scale))
  if (transform.maxHeight) out.searchParams.set('height', String(transform.maxHeight * scale))
  if (transform.crop) out.searchParams.set('crop', transform.crop.toLowerCase())
  if (transform.preferredContentType === 'JPG') out.searchParams.set('format', 'jpg')
  return out.toString()
}
