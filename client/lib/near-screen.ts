/**
 * Resolves once the server-rendered element with this id is within 200 px of the screen
 * and the browser is idle (within a second at most): a section's code loaded behind it
 * is neither fetched nor run for a part of the page the shopper has not come near, or
 * that is hidden at this screen size. On the server, or when the element is not in the
 * page (React draws the section afresh), it resolves at once.
 */
export function nearScreen(id: string): Promise<void> {
  const element = typeof document === 'undefined' ? null : document.getElementById(id)
  if (!element) return Promise.resolve()
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return
        observer.disconnect()
        whenIdle(resolve)
      },
      { rootMargin: '200px' },
    )
    observer.observe(element)
  })
}

/** Safari lacks requestIdleCallback. */
function whenIdle(task: () => void) {
  if ('requestIdleCallback' in window) requestIdleCallback(() => task(), { timeout: 1000 })
  else setTimeout(task, 1)
}
