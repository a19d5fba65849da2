import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { useAtomValue } from 'jotai'
import { isCartOpenAtom } from './cart/cart-atoms'
import { Header } from './components/Header'
import { ToastHost } from './components/toasts'
import { deferredSection, staticSection } from './lib/deferred-section'
import type { Thenable } from './lib/thenable'
import type { ProductResult } from './model/product-result'
import ErrorPage from './pages/error/page'
import type { PageComponent, PageData } from './pages/pages'
import { ProductContext, ProductData } from './product-context'

const CartDrawer = lazy(() => import('./components/CartDrawer'))
// Links only: off the critical path.
const Footer = staticSection(() => import('./components/Footer').then((m) => m.Footer))
// Silent until the cart changes: hydrated after the page's first parts.
const CartAnnouncer = deferredSection(() => import('./components/CartAnnouncer').then((m) => m.CartAnnouncer))

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
          <ErrorBoundary>
            <Page path={page.path} />
          </ErrorBoundary>
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

/** The drawer's code is fetched the first time the cart opens, not on page load. */
function CartDrawerWhenUsed() {
  const open = useAtomValue(isCartOpenAtom)
  const [used, setUsed] = useState(false)
  useEffect(() => {
    if (open) setUsed(true)
  }, [open])
  if (!used && !open) return null
  return (
    <Suspense fallback={null}>
      <CartDrawer />
    </Suspense>
  )
}

/** Marks the document once React owns it (what the browser tests wait for). */
function BrowserEffects() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}

/** An error while the page runs in the browser shows the error page, not a blank screen. */
class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    console.error('Unexpected Application Error!', error)
  }
  override render() {
    return this.state.failed ? <ErrorPage /> : this.props.children
  }
}
