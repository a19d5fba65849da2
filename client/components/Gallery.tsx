import { useState, type ReactNode } from 'react'
import { useHeldTaps } from '../lib/held-taps.ts'
import type { PictureLoading } from './picture-attributes.ts'

/**
 * Draws one of the gallery's pictures: the page says how (the shop's own photographs, or
 * Shopify's), so each page's code holds only the kind it shows.
 */
export type DrawPicture<P> = (props: { picture: P; alt: string; className: string } & PictureLoading) => ReactNode

const MAX_THUMBNAILS = 5

// How wide each is drawn (the page's max-w-6xl, px-4, two columns 40 px apart from md up; the
// thumbnails five to a row, 12 px apart, inside a 2 px border), so the browser fetches the
// smallest width that covers it.
export const GALLERY_SIZES = '(min-width: 1152px) 540px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)'
const THUMBNAIL_SIZES = '(min-width: 1152px) 95px, (min-width: 768px) calc(10vw - 21px), calc(20vw - 20px)'
// At most 95 px wide: 440 covers a 4× screen, and the HTML need not list the larger files.
const THUMBNAIL_LARGEST = 440

/** A large picture with up to five clickable thumbnails beneath it (5-column grid). */
export function Gallery<P extends { alt: string }>({
  pictures,
  Picture,
  priority = false,
  testId,
}: {
  pictures: P[]
  Picture: DrawPicture<P>
  priority?: boolean
  testId: string
}) {
  const [selected, setSelected] = useState(0)
  const current = pictures[selected] ?? pictures[0]
  if (!current) return null
  return (
    <div data-testid={testId}>
      <Picture
        picture={current}
        alt={current.alt}
        sizes={GALLERY_SIZES}
        priority={priority}
        className="aspect-square w-full rounded-3xl bg-orange-50 object-cover"
        testId={`${testId}-image`}
      />
      {pictures.length > 1 && (
        <div className="mt-3 grid grid-cols-5 gap-3" data-testid={`${testId}-thumbnails`}>
          {pictures.slice(0, MAX_THUMBNAILS).map((picture, i) => (
            <Thumbnail
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered: the index is the slide
              key={i}
              name={`${testId}:${i}`}
              label={`Show picture ${i + 1}: ${picture.alt}`}
              selected={i === selected}
              select={() => setSelected(i)}
            >
              <Picture
                picture={picture}
                alt=""
                sizes={THUMBNAIL_SIZES}
                largest={THUMBNAIL_LARGEST}
                lazy
                className="block aspect-square w-full bg-orange-50 object-cover"
              />
            </Thumbnail>
          ))}
        </div>
      )}
    </div>
  )
}

type ThumbnailProps = { name: string; label: string; selected: boolean; select: () => void; children: ReactNode }

/** A tap before the app is live shows at once (busy, its border drawn) and selects once it is (lib/held-taps.ts). */
function Thumbnail({ name, label, selected, select, children }: ThumbnailProps) {
  const ref = useHeldTaps<HTMLButtonElement>(select)
  return (
    <button
      ref={ref}
      type="button"
      data-hold={name}
      onClick={select}
      aria-label={label}
      aria-pressed={selected}
      className={`overflow-hidden rounded-xl border-2 aria-busy:border-orange-400 aria-busy:cursor-progress ${selected ? 'border-orange-600' : 'border-transparent'}`}
    >
      {children}
    </button>
  )
}
