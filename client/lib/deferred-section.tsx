import { memo, Suspense, use, useSyncExternalStore, type ComponentType } from 'react'
import { track, type Thenable } from './thenable'

export type DeferredSection<P extends object = object> = ComponentType<P> & { preload: () => Thenable<ComponentType<P>> }

/**
 * A part of a page whose code is not on the critical path. The server loads it before
 * rendering (`preloadSections`), so the HTML is always whole. In the browser its code is fetched
 * when hydration reaches it; until then React keeps the server's HTML in place and
 * hydrates the rest of the page (selective hydration). Each section is its own Suspense
 * boundary.
 *
 * Only for parts without controls: React drops a tap on a section whose code has not
 * arrived yet (test/browser/shop.test.ts holds the chunks back to show the order buttons
 * work). Links are fine: they work without React. A part with nothing for the browser to
 * do at all (no state, effects or handlers) is a `staticSection`.
 *
 * Memoised: a parent's re-render (say, a toggle beside it) must not reach a section still
 * waiting for its code, or React would drop the server's HTML and show nothing until the
 * code came.
 *
 * Unlike React.lazy, a section preloaded on the server renders without suspending, so the
 * page's first render in a fresh Worker isolate is not streamed in pieces.
 */
export function deferredSection<P extends object = object>(load: () => Promise<ComponentType<P>>): DeferredSection<P> {
  return section(load, { hydrate: true })
}

/**
 * A deferredSection that is never hydrated: words, pictures and links, which work as the
 * server sent them. Hydrating them would cost a phone's main thread time and a download
 * while the page starts, for no behaviour. In the browser its code is fetched only if
 * React must draw it anew rather than adopt the server's HTML (a section that first
 * appears after hydration, or a part of the page React re-renders after an error).
 */
export function staticSection<P extends object = object>(load: () => Promise<ComponentType<P>>): DeferredSection<P> {
  return section(load, { hydrate: false })
}

// Every section joins this list when its module is evaluated, so the server can load them
// all before rendering without any page keeping a list of its own.
const sections = new Set<DeferredSection<never>>()

/**
 * Loads the code of every section defined so far, then of the sections that code defines,
 * until none is left: the server calls it before rendering, so the HTML is always whole.
 */
export async function preloadSections(): Promise<void> {
  let loaded = -1
  while (loaded < sections.size) {
    loaded = sections.size
    await Promise.all([...sections].map((section) => section.preload()))
  }
}

function section<P extends object>(load: () => Promise<ComponentType<P>>, { hydrate }: { hydrate: boolean }): DeferredSection<P> {
  let module: Thenable<ComponentType<P>> | undefined
  const preload = () => (module ??= track(load()))
  function Loaded(props: P) {
    const hydrating = useIsHydrating()
    // Suspending for good leaves the boundary dehydrated: React keeps the server's HTML.
    // Under `npm run dev` (import.meta.hot) static sections hydrate too, so an edit to one
    // shows at once like any other component's.
    if (hydrating && !hydrate && !import.meta.hot && typeof document !== 'undefined') use(NEVER)
    const Component = use(preload())
    return <Component {...props} />
  }
  const Section = memo(function Section(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    )
  })
  const registered = Object.assign(Section, { preload })
  sections.add(registered as DeferredSection<never>)
  return registered
}

const NEVER = new Promise<never>(() => {})
const subscribeToNothing = () => () => {}

/** True while React adopts the server's HTML (and on the server), false when it draws afresh. */
function useIsHydrating() {
  return useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  )
}
