import type { BrowserEvent } from './vocabulary.ts'

/**
 * The events of this page load not yet sent. The app's one call for an event is a push
 * here, cheap enough for the critical path; the collector (collector.ts), which loads
 * when the browser is idle and never under Global Privacy Control, sends them.
 */
export const tracked: BrowserEvent[] = []

export function track(event: BrowserEvent) {
  tracked.push(event)
}
