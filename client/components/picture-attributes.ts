import type { CSSProperties } from 'react'

/**
 * How a picture is asked for. `sizes` says how wide the layout draws it, so the browser can
 * take the smallest width that covers it from the `srcset`; `priority` marks the page's
 * largest picture (fetched first, never lazily); `lazy` one the shopper must scroll to;
 * `largest` the widest it is ever drawn, so the HTML lists no wider file.
 */
export type PictureLoading = {
  sizes: string
  priority?: boolean
  lazy?: boolean
  className?: string
  testId?: string
  largest?: number
}

export const loadingAttributes = ({ priority, lazy }: PictureLoading) => ({
  fetchPriority: priority ? ('high' as const) : undefined,
  loading: lazy && !priority ? ('lazy' as const) : undefined,
  decoding: 'async' as const,
})

// The box is the layout's (its class names, and the width and height attributes' ratio, so
// it is drawn before the picture arrives), and its colour the picture's own until it does.
export const placeholder = (color: string | null | undefined): CSSProperties | undefined =>
  color ? { backgroundColor: color } : undefined
