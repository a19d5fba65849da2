import { use, type ComponentType } from 'react'
import { track, type Thenable } from './thenable'

export type DeferredSection = ComponentType & { preload: () => Thenable<ComponentType> }

/**
 * A part of a page whose code is not on the critical path. The server loads it before
 * rendering (`preload`), so the HTML is always whole. In the browser its code is fetched
 * when hydration reaches it; until then React keeps the server's HTML in place and
 * hydrates the rest of the page (selective hydration), so it must sit in a <Suspense>.
 *
 * Only for parts without controls: React drops a tap on a section whose code has not
 * arrived yet (test/browser/shop.test.ts holds a chunk back to show the order button works).
 *
 * Unlike React.lazy, a section preloaded on the server renders without suspending, so the
 * page's first render in a fresh Worker isolate is not streamed in pieces.
 */
export function deferredSection(load: () => Promise<ComponentType>): DeferredSection {
  let module: Thenable<ComponentType> | undefined
  const preload = () => (module ??= track(load()))
  function Section() {
    const Component = use(preload())
    return <Component />
  }
  return Object.assign(Section, { preload })
}
