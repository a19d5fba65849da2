// The shop's own photographs, made ready for the web by the build (sharp, through this Vite
// plugin). An operator drops an original (JPEG or PNG, any size) into client/content/photos;
// until then a drawing of the same name in client/content/photos/drawings stands in for it,
// photographed by stand-in-photo.ts. For each picture the build writes, content-hashed
// under /assets/photos/ (kept a year by browsers, public/_headers):
//   - WebP and JPEG at every width of PICTURE_WIDTHS up to the original's,
//   - a 1200×630 JPEG for social previews (og:image),
// and the module `photo-manifest` says where they are, with the picture's size and its
// dominant colour (the box's placeholder). The browser bundle imports it through this
// plugin; the Worker, which wrangler bundles without Vite, through wrangler.toml's [alias]
// to the copy written into dist/client/.vite/photos.json.
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, basename } from 'node:path'
import sharp from 'sharp'
import type { Plugin } from 'vite'
import { PICTURE_WIDTHS } from '../../client/lib/pictures'
import type { Photo } from '../../domain/photo'
import { photographDrawing } from './stand-in-photo'

const ORIGINALS = new URL('../../client/content/photos/', import.meta.url)
const DRAWINGS = new URL('drawings/', ORIGINALS)
const CACHE = new URL('../../node_modules/.cache/shop-photos/', import.meta.url)
/** Bump when the encoding below changes, so cached variants are made again. */
const RECIPE = 'webp72-jpeg78-share1200x630-v1'
const MODULE_ID = 'photo-manifest'
const RESOLVED_ID = '\0photo-manifest'

type Built = { manifest: Record<string, Photo>; files: Map<string, Buffer> }

export function shopPhotos(): Plugin {
  let built: Promise<Built> | undefined
  const build = () => (built ??= buildPhotos())
  return {
    name: 'shop-photos',
    async buildStart() {
      await build()
    },
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    async load(id) {
      if (id !== RESOLVED_ID) return
      return `export default ${JSON.stringify((await build()).manifest)}`
    },
    async generateBundle() {
      const { manifest, files } = await build()
      for (const [fileName, source] of files) this.emitFile({ type: 'asset', fileName, source })
      this.emitFile({ type: 'asset', fileName: '.vite/photos.json', source: JSON.stringify(manifest, null, 1) })
    },
    // `npm run dev`: the same files, from memory.
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        const file = req.url?.startsWith('/assets/photos/') ? (await build()).files.get(req.url.slice(1).split('?')[0]!) : undefined
        if (!file) return next()
        res.setHeader('Content-Type', file[0] === 0xff ? 'image/jpeg' : 'image/webp')
        res.end(file)
      })
    },
  }
}

async function buildPhotos(): Promise<Built> {
  const originals = (await readdir(ORIGINALS)).filter((f) => /\.(jpe?g|png)$/i.test(f))
  const drawings = (await readdir(DRAWINGS)).filter((f) => f.endsWith('.svg'))
  const sources = new Map<string, () => Promise<Buffer>>()
  for (const f of drawings) sources.set(basename(f, '.svg'), async () => photographDrawing(await readFile(new URL(f, DRAWINGS))))
  for (const f of originals) sources.set(basename(f, extname(f)), () => readFile(new URL(f, ORIGINALS)))

  const manifest: Record<string, Photo> = {}
  const files = new Map<string, Buffer>()
  await Promise.all(
    [...sources].map(async ([name, read]) => {
      const original = await read()
      const made = await variantsOf(original)
      const url = (label: string, ext: string, bytes: Buffer) => {
        const fileName = `assets/photos/${name}-${label}.${createHash('sha256').update(bytes).digest('hex').slice(0, 10)}.${ext}`
        files.set(fileName, bytes)
        return `/${fileName}`
      }
      const webp = made.widths.map((w, i) => `${url(String(w), 'webp', made.webp[i]!)} ${w}w`)
      const jpeg = made.widths.map((w, i) => `${url(String(w), 'jpg', made.jpeg[i]!)} ${w}w`)
      // Browsers without srcset get the 800 px JPEG (or the largest, when smaller).
      const fallback = made.widths.findIndex((w) => w >= 800)
      const middle = fallback === -1 ? made.widths.length - 1 : fallback
      manifest[name] = {
        width: made.width,
        height: made.height,
        color: made.color,
        src: jpeg[middle]!.split(' ')[0]!,
        srcSet: { webp: webp.join(', '), jpeg: jpeg.join(', ') },
        share: url('share', 'jpg', made.share),
      }
    }),
  )
  return { manifest, files }
}

type Variants = { width: number; height: number; color: string; widths: number[]; webp: Buffer[]; jpeg: Buffer[]; share: Buffer }

/** Every variant of one original, from the cache when this original was made before. */
async function variantsOf(original: Buffer): Promise<Variants> {
  const key = createHash('sha256').update(RECIPE).update(original).digest('hex').slice(0, 24)
  const dir = new URL(`${key}/`, CACHE)
  try {
    const facts = JSON.parse(await readFile(new URL('facts.json', dir), 'utf8')) as Omit<Variants, 'webp' | 'jpeg' | 'share'>
    const read = (f: string) => readFile(new URL(f, dir))
    return {
      ...facts,
      webp: await Promise.all(facts.widths.map((w) => read(`${w}.webp`))),
      jpeg: await Promise.all(facts.widths.map((w) => read(`${w}.jpg`))),
      share: await read('share.jpg'),
    }
  } catch {}

  const image = sharp(original).rotate() // honour a camera's EXIF orientation
  const { width = 1, height = 1 } = await image.clone().metadata().then((m) => ((m.orientation ?? 1) >= 5 ? { width: m.height, height: m.width } : m))
  const { dominant } = await image.clone().stats()
  const color = '#' + [dominant.r, dominant.g, dominant.b].map((v) => v.toString(16).padStart(2, '0')).join('')
  const largest = Math.min(width, PICTURE_WIDTHS.at(-1)!)
  const widths = [...PICTURE_WIDTHS.filter((w) => w < largest), largest]
  const resized = (w: number) => image.clone().resize({ width: w })
  const webp = await Promise.all(widths.map((w) => resized(w).webp({ quality: 72 }).toBuffer()))
  const jpeg = await Promise.all(widths.map((w) => resized(w).jpeg({ quality: 78, mozjpeg: true }).toBuffer()))
  const share = await image.clone().resize({ width: 1200, height: 630, fit: 'cover' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer()

  await mkdir(dir, { recursive: true })
  await Promise.all([
    ...widths.map((w, i) => writeFile(new URL(`${w}.webp`, dir), webp[i]!)),
    ...widths.map((w, i) => writeFile(new URL(`${w}.jpg`, dir), jpeg[i]!)),
    writeFile(new URL('share.jpg', dir), share),
  ])
  await writeFile(new URL('facts.json', dir), JSON.stringify({ width, height, color, widths }))
  return { width, height, color, widths, webp, jpeg, share }
}
