// The shop's own photographs, made ready for the web by the build (sharp, through this Vite
// plugin). An operator drops an original (JPEG or PNG, any size) into client/content/photos;
// until then a drawing of the same name in client/content/photos/drawings stands in for it,
// photographed by stand-in-photo.ts. For each picture the build writes, under
// /assets/photos/ (kept a year by browsers, public/_headers):
//   - WebP and JPEG at every width of PICTURE_WIDTHS up to the original's,
//   - a 1200×630 JPEG for social previews (og:image),
// all named by one hash of what made them (the original, the recipe, the widths, sharp's
// version), so a changed photograph gets new names. The module `photo-manifest` lists each
// picture's size, dominant colour (the box's placeholder) and hash: it is in every page's
// JavaScript, so it holds no more (client/content/photos.ts spells out the file names). The
// browser bundle imports it through this plugin; the Worker, which wrangler bundles without
// Vite, through wrangler.toml's [alias] to the copy written into dist/client/.vite/photos.json.
import { createHash } from 'node:crypto'
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises'
import { basename, extname } from 'node:path'
import sharp from 'sharp'
import type { Plugin } from 'vite'
import { photoWidths, PICTURE_WIDTHS, SHARE_HEIGHT, SHARE_WIDTH } from '../../client/lib/pictures.ts'
import { photoFile, type PhotoEntry } from '../../client/model/photo.ts'
import { photographDrawing } from '../../storefront-double/stand-in-photo.ts'

const ORIGINALS = new URL('../../client/content/photos/', import.meta.url)
const DRAWINGS = new URL('drawings/', ORIGINALS)
const CACHE = new URL('../../node_modules/.cache/shop-photos/', import.meta.url)
/** Change when the encoding below changes: it is part of every file's hash. */
const RECIPE = 'webp72-jpeg78mozjpeg-share80-v1'
const MODULE_ID = 'photo-manifest'
const RESOLVED_ID = '\0photo-manifest'

type Built = { manifest: Record<string, PhotoEntry>; files: Map<string, Buffer> }

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
        const file = req.url?.startsWith('/assets/photos/')
          ? (await build()).files.get(req.url.slice(1).split('?')[0]!)
          : undefined
        if (!file) return next()
        res.setHeader('Content-Type', req.url!.split('?')[0]!.endsWith('.jpg') ? 'image/jpeg' : 'image/webp')
        res.end(file)
      })
    },
  }
}

async function buildPhotos(): Promise<Built> {
  const originals = (await readdir(ORIGINALS)).filter((f) => /\.(jpe?g|png)$/i.test(f))
  const drawings = (await readdir(DRAWINGS)).filter((f) => f.endsWith('.svg'))
  const sources = new Map<string, () => Promise<Buffer>>()
  for (const f of drawings)
    sources.set(basename(f, '.svg'), async () => photographDrawing(await readFile(new URL(f, DRAWINGS))))
  for (const f of originals) sources.set(basename(f, extname(f)), () => readFile(new URL(f, ORIGINALS)))

  const manifest: Record<string, PhotoEntry> = {}
  const files = new Map<string, Buffer>()
  await Promise.all(
    [...sources].map(async ([name, read]) => {
      const made = await variantsOf(await read())
      made.widths.forEach((w, i) => {
        files.set(photoFile(name, made.hash, w, 'webp'), made.webp[i]!)
        files.set(photoFile(name, made.hash, w, 'jpg'), made.jpeg[i]!)
      })
      files.set(photoFile(name, made.hash, 'share', 'jpg'), made.share)
      manifest[name] = { width: made.width, height: made.height, color: made.color, hash: made.hash }
    }),
  )
  return { manifest, files }
}

type Variants = PhotoEntry & { widths: number[]; webp: Buffer[]; jpeg: Buffer[]; share: Buffer }

/** Every variant of one original, from the cache when this original was made before. */
async function variantsOf(original: Buffer): Promise<Variants> {
  const hash = createHash('sha256')
    .update(RECIPE)
    .update(PICTURE_WIDTHS.join())
    .update(sharp.versions.sharp ?? '')
    .update(original)
    .digest('hex')
    .slice(0, 10)
  const dir = new URL(`${hash}/`, CACHE)
  try {
    const facts = JSON.parse(await readFile(new URL('facts.json', dir), 'utf8')) as PhotoEntry
    const widths = photoWidths(facts.width)
    const read = (f: string) => readFile(new URL(f, dir))
    return {
      ...facts,
      widths,
      webp: await Promise.all(widths.map((w) => read(`${w}.webp`))),
      jpeg: await Promise.all(widths.map((w) => read(`${w}.jpg`))),
      share: await read('share.jpg'),
    }
  } catch {}

  const image = sharp(original).rotate() // honour a camera's EXIF orientation
  const meta = await image.clone().metadata()
  const turned = (meta.orientation ?? 1) >= 5
  const width = (turned ? meta.height : meta.width) ?? 1
  const height = (turned ? meta.width : meta.height) ?? 1
  const { dominant } = await image.clone().stats()
  const color = `#${[dominant.r, dominant.g, dominant.b].map((v) => v.toString(16).padStart(2, '0')).join('')}`
  const widths = photoWidths(width)
  const resized = (w: number) => image.clone().resize({ width: w })
  const webp = await Promise.all(widths.map((w) => resized(w).webp({ quality: 72 }).toBuffer()))
  const jpeg = await Promise.all(widths.map((w) => resized(w).jpeg({ quality: 78, mozjpeg: true }).toBuffer()))
  const share = await image
    .clone()
    .resize({ width: SHARE_WIDTH, height: SHARE_HEIGHT, fit: 'cover' })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer()

  await mkdir(dir, { recursive: true })
  await Promise.all([
    ...widths.map((w, i) => writeFile(new URL(`${w}.webp`, dir), webp[i]!)),
    ...widths.map((w, i) => writeFile(new URL(`${w}.jpg`, dir), jpeg[i]!)),
    writeFile(new URL('share.jpg', dir), share),
  ])
  // Written last: a cache entry with facts.json is whole.
  await writeFile(new URL('facts.json', dir), JSON.stringify({ width, height, color, hash }))
  return { width, height, color, hash, widths, webp, jpeg, share }
}
