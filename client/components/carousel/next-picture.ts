/**
 * Fetches a carousel's second picture into the browser's cache once the page is idle, as
 * Splide would on mounting (lazyLoad: 'nearby'), so that it is there for the first move
 * rather than fetched as the slide comes in. The same sources and sizes as the slide's own
 * <img>, so the browser picks the same file.
 */
export function fetchNextPictureWhenIdle(root: HTMLElement) {
  whenIdle(() => {
    const next = root.querySelector<HTMLImageElement>('img[data-splide-lazy]')
    if (!next) return
    const picture = new Image()
    picture.sizes = next.sizes
    picture.srcset = next.dataset.splideLazySrcset ?? ''
    picture.src = next.dataset.splideLazy ?? ''
  })
}

/** Safari lacks requestIdleCallback. */
function whenIdle(task: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(() => task(), { timeout: 1000 })
  else setTimeout(task, 1)
}
