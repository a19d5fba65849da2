// The shop's own photographs, by name: client/content/photos/<name>.jpg (or .png), or the
// drawing that stands in for it until then (README.md, 'The shop's photographs').
import manifest from 'photo-manifest'
import type { Photo } from '../../domain/photo'

export function photo(name: string): Photo {
  const found = manifest[name]
  if (!found) throw new Error(`No photograph '${name}' in client/content/photos (nor a drawing in photos/drawings)`)
  return found
}
