// biome-ignore-all lint/correctness/noComponentHookFactories: each section is made once, at module level, by these factories
// biome-ignore-all lint/security/noDangerouslySetInnerHtml: a section keeps the HTML the server drew, read back from the page
import { memo, Suspense, use, useState, useSyncExternalStore, type ComponentType } from 'react'
import { lostCode } from './lost-code.ts'
import { settling, type Thenable } from './thenable.ts'

export type DeferredSection<P extends object = object> = ComponentType<P> & {
  preload: () => Thenable<ComponentType<P> | null>
}

function lose(error: unknown): null {
  console.warn('Code lost; the server’s HTML stays', error)
  void lostCode()
  return null
}

// Every section joins this list when its module is evaluated, so the server can load them
// all before rendering without any page keeping a list of its own.
const sections = new Set<DeferredSection<never>>()

/**
 * A part of a page whose code is not on the critical path. The server loads it before
 * rendering (`preloadSections`), so the HTML is always whole. In the browser its code is fetched
 * when hydration reaches it; until then React keeps the server's HTML in place and
 * hydrates the rest of the page (selective hydration). Each section is its own Suspense
 * boundary, drawn inside a `display: contents` wrapper.
 *
 * Should its code never come (lib/lost-code.ts), the section keeps the server's HTML as a
 * static section does, through that wrapper, and the rest of the page goes on working.
 *
 * Only for parts without controls of their own, or whose controls work before their code
 * comes (a carousel's dots are held by the page's starter script): React drops a tap on a
 * section whose code has not arrived yet. Links are fine: they work without React, and so is
 * a form's native submit.
 *
 * Memoised: a parent's re-render (say, a toggle beside it) must not reach a section still
 * waiting for its code, or React would drop the server's HTML and show nothing until the
 * code came.
 *
 * Unlike React.lazy, a section preloaded on the server renders without suspending, so the
 * page's first render in a fresh Worker isolate is not streamed in pieces.
 */
export function deferredSection<P extends object = object>(load: () => Promise<ComponentType<P>>): DeferredSection<P> {
  let module: Thenable<ComponentType<P> | null> | undefined
  // In the browser a load that fails settles as null: the section keeps what the server drew.
  const preload = () => (module ??= settling(typeof document === 'undefined' ? load() : load().catch(lose)))
  function Loaded(props: P) {
    const Component = use(preload())
    if (!Component) return <div className="contents" dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />
    return (
      <div className="contents">
        <Component {...props} />
      </div>
    )
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

/**
 * A part of a page with no controls and nothing the browser ever changes (words, pictures,
 * links): the server renders it; the browser keeps the server's HTML as it is, and neither
 * fetches its code nor hydrates it. While hydrating, React leaves the inside of an element
 * alone when the element's props give `dangerouslySetInnerHTML` (it neither checks nor
 * removes the children it finds), and it sets that HTML only when it changes later, which
 * this never does. The element is a `display: contents` wrapper, so layout does not see it.
 *
 * A section the browser draws afresh instead of hydrating (it was not in the server's
 * HTML) loads its code and draws it, as a deferred section does. Whether this render
 * hydrates is React's own answer: `useSyncExternalStore` reads the server snapshot while
 * hydrating, and the first answer is kept.
 */
export function staticSection<P extends object = object>(load: () => Promise<ComponentType<P>>): DeferredSection<P> {
  const Drawn = deferredSection(load)
  const Section = memo(function StaticSection(props: P) {
    const hydrating = useSyncExternalStore(subscribeToNothing, notHydrating, whileHydrating)
    const [kept] = useState(hydrating && typeof document !== 'undefined')
    if (kept) return <div className="contents" dangerouslySetInnerHTML={SERVER_HTML} suppressHydrationWarning />
    return (
      <div className="contents">
        {typeof document === 'undefined' ? <OnTheServer {...props} /> : <Drawn {...props} />}
      </div>
    )
  })
  // preloadSections has loaded it: no Suspense boundary, so the wrapper holds the section itself.
  const OnTheServer = (props: P) => {
    const Component = use(Drawn.preload())!
    return <Component {...props} />
  }
  return Object.assign(Section, { preload: Drawn.preload })
}

const SERVER_HTML = { __html: '' }
const subscribeToNothing = () => () => {}
const notHydrating = () => false
const whileHydrating = () => true
