// Turns one of the shop's drawings into a stand-in photograph that weighs what a product
// photo weighs: 2048 px on its long side, fleece-like texture at several scales, soft light,
// JPEG, about half a megabyte. Used by the build (the landing's own photographs, when no
// real one was dropped into client/content/photos) and by the Storefront double (Shopify's
// product originals), so every test and the benchmark pay for real bytes, not 6 KB of SVG.
// Deterministic: the same drawing always makes the same bytes, so nothing large is in git.
import { createHash } from 'node:crypto'
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises'
import sharp from 'sharp'

const LONG_SIDE = 2048
/** Bump when the look changes, so cached stand-ins are made again. */
const RECIPE = 'fleece-v1'
const CACHE_DIR = new URL('../node_modules/.cache/stand-in-photos/', import.meta.url)

/** The stand-in photograph (JPEG) of this SVG drawing, from the cache when made before. */
export async function photographDrawing(svg: Buffer): Promise<Buffer> {
  const key = createHash('sha256').update(RECIPE).update(svg).digest('hex').slice(0, 24)
  const cached = new URL(`${key}.jpg`, CACHE_DIR)
  try {
    return await readFile(cached)
  } catch {}
  const photo = await photograph(svg, key)
  await mkdir(CACHE_DIR, { recursive: true })
  // Write then rename: two processes building at once never read half a file.
  const partial = new URL(`${key}.${process.pid}.tmp`, CACHE_DIR)
  await writeFile(partial, photo)
  await rename(partial, cached)
  return photo
}

/** The size of the stand-in photograph of this drawing, without making it. */
export async function standInSize(svg: Buffer): Promise<{ width: number; height: number; scale: number }> {
  const { width: w = 1, height: h = 1 } = await sharp(svg).metadata()
  const scale = LONG_SIDE / Math.max(w, h)
  return { width: Math.round(w * scale), height: Math.round(h * scale), scale }
}

async function photograph(svg: Buffer, seed: string): Promise<Buffer> {
  const { width, height, scale } = await standInSize(svg)
  const { data, info } = await sharp(svg, { density: 72 * scale })
    .resize(width, height)
    .flatten({ background: '#fff7ed' })
    .raw()
    .toBuffer({ resolveWithObject: true })
  const random = xorshift(parseInt(seed.slice(0, 8), 16) || 1)
  // Value noise on a coarse grid (the fleece's pile), read bilinearly.
  const cell = 6
  const gw = Math.ceil(width / cell) + 2
  const grid = Float32Array.from({ length: gw * (Math.ceil(height / cell) + 2) }, () => random() - 0.5)
  const channels = info.channels
  for (let y = 0; y < height; y++) {
    const gy = y / cell
    const y0 = Math.floor(gy)
    const fy = gy - y0
    for (let x = 0; x < width; x++) {
      const gx = x / cell
      const x0 = Math.floor(gx)
      const fx = gx - x0
      const a = grid[y0 * gw + x0]!,
        b = grid[y0 * gw + x0 + 1]!,
        c = grid[(y0 + 1) * gw + x0]!,
        d = grid[(y0 + 1) * gw + x0 + 1]!
      const pile = (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy
      // Soft light from the top left, a weave of fine threads, and grain.
      const light = 1.06 - 0.14 * ((x / width + y / height) / 2)
      const weave = Math.sin(x * 1.9) * Math.sin(y * 1.9)
      const shift = pile * 34 + weave * 5 + (random() - 0.5) * 16
      const i = (y * width + x) * channels
      for (let k = 0; k < 3; k++) data[i + k] = clamp(data[i + k]! * light + shift)
    }
  }
  return sharp(data, { raw: info }).jpeg({ quality: 86, mozjpeg: true }).toBuffer()
}

const clamp = (v: number) => Math.min(Math.max(v, 0), 255)

function xorshift(seed: number) {
  let s = seed >>> 0 || 1
  return () => {
    s ^= s << 13
    s ^= s >>> 17
    s ^= s << 5
    return (s >>> 0) / 4294967296
  }
}
