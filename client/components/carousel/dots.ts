/**
 * The server-drawn dots, before Splide mounts (ServerDots.tsx draws them): which slide a dot
 * shows, and showing a tapped one as chosen at once, while Splide's code is on its way.
 */

/** Each server-drawn dot's slide index. */
export const DOT_INDEX = 'data-dot'

/** The slide index of the dot an event's target is in, if any. */
export function dotOf(target: EventTarget | null): number | undefined {
  const dot = target instanceof Element ? target.closest(`[${DOT_INDEX}]`) : null
  return dot ? Number(dot.getAttribute(DOT_INDEX)) : undefined
}

export function showDot(root: HTMLElement, index: number) {
  for (const dot of root.querySelectorAll(`[${DOT_INDEX}]`)) {
    const chosen = Number(dot.getAttribute(DOT_INDEX)) === index
    dot.classList.toggle('is-active', chosen)
    if (chosen) dot.setAttribute('aria-selected', 'true')
    else dot.removeAttribute('aria-selected')
  }
}
