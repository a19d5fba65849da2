import { useState } from 'react'

export type GalleryImage = { src: string; alt: string }

const MAX_THUMBNAILS = 5

/** A large picture with up to five clickable thumbnails beneath it (5-column grid). */
export function Gallery({ images, priority = false, testId }: { images: GalleryImage[]; priority?: boolean; testId: string }) {
  const [selected, setSelected] = useState(0)
  const current = images[selected] ?? images[0]
  if (!current) return null
  return (
    <div data-testid={testId}>
      <img
        src={current.src}
        alt={current.alt}
        width={1200}
        height={1200}
        fetchPriority={priority ? 'high' : undefined}
        className="aspect-square w-full rounded-3xl bg-orange-50 object-cover"
        data-testid={`${testId}-image`}
      />
      {images.length > 1 && (
        <div className="mt-3 grid grid-cols-5 gap-3" data-testid={`${testId}-thumbnails`}>
          {images.slice(0, MAX_THUMBNAILS).map((image, i) => (
            <button
              key={image.src}
              type="button"
              onClick={() => setSelected(i)}
              aria-label={`Show picture ${i + 1}: ${image.alt}`}
              aria-pressed={i === selected}
              className={`overflow-hidden rounded-xl border-2 ${i === selected ? 'border-orange-600' : 'border-transparent'}`}
            >
              <img src={image.src} alt="" width={240} height={240} loading="lazy" className="aspect-square w-full bg-orange-50 object-cover" />
            </button>
          ))}
        </div>
      )}
    </div>
  )
}
