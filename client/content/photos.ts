// The shop's own photographs, by name: client/content/photos/<name>.jpg (or .png), or the
// drawing that stands in for it until then (README.md, 'The shop's photographs').
import manifest from 'photo-manifest'
import { photoFile, type Photo } from '../model/photo.ts'
import { photoWidths } from '../lib/pictures.ts'

export function photo(name: string): Photo {
  const entry = manifest[name]
  if (!entry) throw new Error(`No photograph '${name}' in client/content/photos (nor a drawing in photos/drawings)`)
  const { width, height, color, hash } = entry
  const widths = photoWidths(width)
  const list = (ext: 'webp' | 'jpg') => widths.map((w) => `/${photoFile(name, hash, w, ext)} ${w}w`).join(', ')
  // Browsers without srcset get the 800 px JPEG (or the largest, when smaller).
  const fallback = widths.find((w) => w >= 800) ?? widths.at(-1)!
  return {
    width,
    height,
    color,
    src: `/${photoFile(name, hash, fallback, 'jpg')}`,
    srcSet: { webp: list('webp'), jpeg: list('jpg') },
    share: `/${photoFile(name, hash, 'share', 'jpg')}`,
  }
}
