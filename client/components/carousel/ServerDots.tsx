import { useLayoutEffect, useState } from 'react'
import { DOT_INDEX } from './dots.ts'
import { PAGE_CLASS, PAGINATION_CLASS, SELECT_LABEL, SLIDE_LABEL, slideId } from './splide-markup.ts'
import { takeWake, type Wake } from './wake.ts'

/**
 * Splide's dots as Splide draws them (its pagination's classes, roles and labels), for the
 * time before it mounts. They take taps from the first paint: the page's starter script holds
 * a tap and shows it heard (busy), wake.ts replays it. Shown only with JavaScript on
 * (`data-js` on the document, set by that script), so that with it off no button does
 * nothing.
 *
 * Just before Splide mounts (a child's layout effect runs before its parent's), they hand
 * over what the shopper did with them. Splide then adds its own dots to this list, and React,
 * re-rendering before the next paint, takes its own out: from then on React owns the empty
 * list and Splide the dots in it, so neither removes what the other drew.
 */
export function ServerDots({
  carousel,
  count,
  handOver,
}: {
  carousel: string
  count: number
  handOver: (wake: Wake) => void
}) {
  const [handedOver, setHandedOver] = useState(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the server's dots are handed over once, on mount
  useLayoutEffect(() => {
    handOver(takeWake(carousel))
    setHandedOver(true)
  }, [])
  return (
    // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: Splide's own dots markup, which it takes over
    <ul className={`${PAGINATION_CLASS} ${HIDDEN_UNTIL_LIVE}`} role="tablist" aria-label={SELECT_LABEL}>
      {handedOver
        ? null
        : Array.from({ length: count }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one dot per slide, by its number
            <li key={i} role="presentation">
              <button
                type="button"
                role="tab"
                className={`${PAGE_CLASS}${i === 0 ? ' is-active' : ''}`}
                aria-label={SLIDE_LABEL.replace('%s', String(i + 1))}
                aria-controls={slideId(carousel, i)}
                aria-selected={i === 0 ? true : undefined}
                tabIndex={i === 0 ? undefined : -1}
                data-hold={`${carousel}:dot:${i}`}
                {...{ [DOT_INDEX]: i }}
              />
            </li>
          ))}
    </ul>
  )
}

// `data-js`: the document runs scripts (client/starter/starter.ts).
const HIDDEN_UNTIL_LIVE = 'invisible [[data-js]_&]:visible'
