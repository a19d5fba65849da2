import { useEffect, useState } from 'react'
import {
  arrivalSpan,
  arrivalWords,
  calendarCovers,
  cutoffWords,
  longestArrivalWords,
  nextChange,
  type ArrivalFor,
} from '../content/delivery.ts'
import { useSettledProduct } from '../product-context.tsx'

/** Where nothing says otherwise (no market known): the primary market's dates. */
const PRIMARY: ArrivalFor = { country: null, giftTo: null }

/**
 * When the blanket arrives, beside the price (content/delivery.ts). The kept page is the same
 * for every shopper of a market, so it says the business days and the cut-off; once the page
 * is live, the browser, which knows now, says the dates and, before Christmas, the last moment
 * an order makes it, on the shopper's own clock. It works them out again at the next moment
 * either can change and whenever the page is shown again, so an open page says what a fresh
 * one would. The maker's calendar comes with the page, so this is arithmetic, no formatter.
 * Each line takes the room of the longest thing it may say (Steady), so nothing moves.
 */
export function Arrival({ centred = false }: { centred?: boolean }) {
  const settled = useSettledProduct()
  const at = settled?.market?.arrival ?? PRIMARY
  const calendar = settled?.calendar ?? null
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    if (!calendar) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const update = () => {
      clearTimeout(timer)
      const moment = Date.now()
      setNow(moment)
      // A second past the change, so the clock is surely on its far side.
      timer = setTimeout(update, Math.max(1_000, nextChange(moment, calendar) - moment + 1_000))
    }
    const shown = () => document.visibilityState === 'visible' && update()
    update()
    document.addEventListener('visibilitychange', shown)
    window.addEventListener('pageshow', update)
    return () => {
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', shown)
      window.removeEventListener('pageshow', update)
    }
  }, [calendar])
  const words = now !== null && calendar && calendarCovers(now, calendar) ? arrivalWords(now, at, calendar) : null
  const longest = longestArrivalWords(at)
  return (
    // Centred, it is a card as wide as its longest words, its lines starting at its left edge:
    // centring each line would move its words sideways when they change.
    <div
      className={`mt-3 text-sm font-semibold text-stone-700 ${centred ? 'mx-auto w-fit max-w-full rounded-xl border border-orange-200 bg-white px-4 py-2 text-left' : ''}`}
      data-testid="arrival"
    >
      <Steady longest={longest.range} testId="arrival-range">
        {words ? words.range : arrivalSpan(at)}
      </Steady>
      <Steady longest={longest.second} testId="arrival-christmas">
        {words ? words.second : calendar ? cutoffWords(calendar) : ''}
      </Steady>
    </div>
  )
}

/** A line as tall as the tallest of `longest` would be, at any width or text size: its words then change in place. */
function Steady({ longest, testId, children }: { longest: string[]; testId: string; children: string }) {
  return (
    <p className="grid">
      {longest.map((text) => (
        <span key={text} className="invisible [grid-area:1/1]" aria-hidden="true">
          {text}
        </span>
      ))}
      <span className="[grid-area:1/1]" data-testid={testId}>
        {children}
      </span>
    </p>
  )
}
