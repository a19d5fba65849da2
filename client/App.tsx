import { lazy, Suspense, useEffect, useMemo, useState } from 'react'
import { useAtom } from 'jotai'
import { isCartOpenAtom } from './cart/cart-atoms.ts'
import { Header } from './components/Header.tsx'
import { toastCartUnavailable, ToastHost } from './components/toasts.tsx'
import { deferredSection, staticSection } from './lib/deferred-section.tsx'
import { Boundary } from './lib/boundary.tsx'
import { lostCode } from './lib/lost-code.ts'
import type { Thenable } from './lib/thenable.ts'
import type { ProductResult } from './model/product-result.ts'
import ErrorPage from './pages/error/page.tsx'
import type { PageComponent, PageData } from './pages/pages.ts'
import { ProductContext } from './product-context.tsx'

// Links only: off the critical path.
const Footer = staticSection(() => import('./components/Footer.tsx').then((m) => m.Footer))
// Silent until the cart changes: hydrated after the page's first parts.
const CartAnnouncer = deferredSection(() => import('./components/CartAnnouncer.tsx').then((m) => m.CartAnnouncer))

type AppProps = {
  page: PageData
  /** The page's component, loaded by both sides from `PAGES` before rendering. */
  Page: PageComponent
  product: Thenable<ProductResult> | null
}

/** The whole shop, the same tree on the server and in the browser. */
export function App({ page, Page, product }: AppProps) {
  return (
    <ProductContext value={product}>
      <div className="flex min-h-screen flex-col bg-white font-sans text-stone-800">
        <Header />
        <main className="flex-1">
          {/* An error while the page runs in the browser shows the error page, not a blank screen. */}
          <Boundary fallback={<ErrorPage />} onError={(error) => console.error('Unexpected Application Error!', error)}>
            <Page path={page.path} />
          </Boundary>
        </main>
        <Footer />
      </div>
      <BrowserEffects />
      <CartDrawerWhenUsed />
      <CartAnnouncer />
      <ToastHost />
    </ProductContext>
  )
}

/**
 * The drawer's code is fetched the first time the cart opens, not on page load. Should it not
 * come (lib/lost-code.ts), the cart closes again and says so, the page stays as it was, and
 * the next tap asks for the code again.
 */
function CartDrawerWhenUsed() {
  const [open, setOpen] = useAtom(isCartOpenAtom)
  const [used, setUsed] = useState(false)
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt asks for the code again
  const CartDrawer = useMemo(() => lazy(() => import('./components/CartDrawer.tsx')), [attempt])
  useEffect(() => {
    if (open) setUsed(true)
  }, [open])
  if (!used && !open) return null
  const lost = () => {
    setOpen(false)
    setUsed(false)
    setAttempt(attempt + 1)
    void lostCode().then((reloading) => {
      if (!reloading) toastCartUnavailable()
    })
  }
  return (
    <Boundary key={attempt} fallback={null} onError={lost}>
      <Suspense fallback={null}>
        <CartDrawer />
      </Suspense>
    </Boundary>
  )
}

/** Marks the document once React owns it (what the browser tests wait for). */
function BrowserEffects() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}
