// The pictures a page loads on a phone and a desktop, in Chromium without throttling: what
// the first view shows, everything fetched while the page loads, and the largest ratio of
// fetched to drawn pixels. Sizes come from the bytes themselves (sharp), not from the URL.
import type { Browser } from 'playwright-core'
import sharp from 'sharp'

export const SCREENS = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2.625 },
  desktop: { viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 },
} as const

/**
 * The pictures the shopper sees (run in the page): at least partly on screen, as an
 * IntersectionObserver reckons it, so a carousel's next slide, clipped by its track, is not
 * counted though its box overlaps the screen's edge. With each one's drawn pixels.
 */
export function visiblePictures(): Promise<{ src: string; width: number; height: number; drawnPixels: number }[]> {
  const images = [...document.images].filter((img) => img.currentSrc)
  return new Promise((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      observer.disconnect()
      resolve(
        entries
          .filter(
            (entry) => entry.isIntersecting && entry.intersectionRect.width > 0 && entry.intersectionRect.height > 0,
          )
          .map(({ target, boundingClientRect: r }) => ({
            src: (target as HTMLImageElement).currentSrc,
            width: r.width,
            height: r.height,
            drawnPixels: r.width * r.height * devicePixelRatio ** 2,
          })),
      )
    })
    if (images.length === 0) resolve([])
    for (const img of images) observer.observe(img)
  })
}

export type PictureFigures = {
  firstViewBytes: number
  firstViewCount: number
  loadedBytes: number
  loadedCount: number
  worstPixelRatio: number
}

export async function measurePictures(
  browser: Browser,
  url: string,
  screen: keyof typeof SCREENS,
): Promise<PictureFigures> {
  const context = await browser.newContext(SCREENS[screen])
  try {
    const page = await context.newPage()
    const fetched = new Map<string, Promise<{ bytes: number; pixels: number }>>()
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'image' || !response.ok()) return
      fetched.set(
        response.url(),
        response.body().then(async (body) => {
          const { width = 0, height = 0 } = await sharp(body)
            .metadata()
            .catch(() => ({ width: 0, height: 0 }))
          return { bytes: body.length, pixels: width * height }
        }),
      )
    })
    await page.goto(url, { waitUntil: 'load' })
    // Carousels mount and fetch their next slides once near the screen: let that happen.
    await page.waitForLoadState('networkidle')
    const shown = await page.evaluate(visiblePictures)
    const firstView = new Map<string, { bytes: number; pixels: number; drawnPixels: number }>()
    for (const img of shown) {
      const got = await fetched.get(img.src)
      if (got)
        firstView.set(img.src, {
          ...got,
          drawnPixels: Math.max(img.drawnPixels, firstView.get(img.src)?.drawnPixels ?? 0),
        })
    }
    const loaded = await Promise.all(fetched.values())
    const sum = (list: { bytes: number }[]) => list.reduce((total, item) => total + item.bytes, 0)
    return {
      firstViewBytes: sum([...firstView.values()]),
      firstViewCount: firstView.size,
      loadedBytes: sum(loaded),
      loadedCount: loaded.length,
      worstPixelRatio:
        Math.round(
          Math.max(0, ...[...firstView.values()].filter((p) => p.pixels).map((p) => p.pixels / p.drawnPixels)) * 100,
        ) / 100,
    }
  } finally {
    await context.close()
  }
}
