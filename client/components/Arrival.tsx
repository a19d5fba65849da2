import { useEffect, useState } from 'react'
import { arrivalSpan, arrivalWords, MAKER_TIME_ZONE, ORDER_CUTOFF_HOUR } from '../content/delivery.ts'
import { useSettledProduct } from '../product-context.tsx'

/** When orders start being made the same day: the second line outside the weeks before Christmas. */
const CUTOFF_WORDS = `Ordered before ${ORDER_CUTOFF_HOUR % 12} pm ${MAKER_TIME_ZONE.split('/')[1]!.replace('_', ' ')} time, it is started that day.`

/**
 * When the blanket arrives, beside the price (content/delivery.ts). The kept page is the same
 * for every shopper of a market, so it says the business days; once the page is live, the
 * browser, which knows today, says the dates, and before Christmas whether it arrives for it.
 * Each line takes the room of the longest thing it may say (Steady), so nothing moves.
 */
export function Arrival({ centred = false }: { centred?: boolean }) {
  const country = useSettledProduct()?.market?.country ?? null
  const [now, setNow] = useState<Date | null>(null)
  useEffect(() => setNow(new Date()), [])
  const words = now && arrivalWords(now, country)
  return (
    // Centred, it is a card as wide as its longest words, its lines starting at its left edge:
    // centring each line would move its words sideways when they change.
    <div
      className={`mt-3 text-sm font-semibold text-stone-700 ${centred ? 'mx-auto w-fit max-w-full rounded-xl border border-orange-200 bg-white px-4 py-2 text-left' : ''}`}
      data-testid="arrival"
    >
      <Steady longest={[arrivalSpan(country), 'Arrives Dec 28 – Jan 12']} testId="arrival-range">
        {words ? words.range : arrivalSpan(country)}
      </Steady>
      <Steady longest={[CUTOFF_WORDS, 'Order by Dec 12 for Christmas delivery']} testId="arrival-christmas">
        {words?.christmas ?? CUTOFF_WORDS}
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
