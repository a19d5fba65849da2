// What the live page runs to say when an order arrives (client/components/Arrival.tsx), for
// bench/arrival-clock.ts to time in a page of its own.
import { arrivalWords, nextChange, type MakerCalendar } from '../../client/content/delivery.ts'

export function arrivalNow(calendar: MakerCalendar): string {
  const now = Date.now()
  const words = arrivalWords(now, { country: 'DE', giftTo: null }, calendar)
  return `${words.range} / ${words.second} / next ${nextChange(now, calendar)}`
}
