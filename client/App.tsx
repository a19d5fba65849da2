import { Component, lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { useAtomValue } from 'jotai'
import { isCartOpenAtom } from './cart/cart-store'
import { useForgetCompletedCart } from './cart/use-forget-completed-cart'
import { CartAnnouncer } from './components/CartAnnouncer'
import { Footer } from './components/Footer'
import { Header } from './components/Header'
import { ToastHost } from './components/toasts'
import type { Thenable } from './lib/thenable'
import type { PageData, ProductResult } from './page-data'
import { ErrorPage } from './pages/ErrorPage'
import { LandingPage } from './pages/LandingPage'
import { NotFoundPage } from './pages/NotFoundPage'
import { ProductPage } from './pages/ProductPage'
import { AboutPage, PrivacyPage, TermsPage } from './pages/StaticPages'
import { ProductContext } from './product-context'

const CartDrawer = lazy(() => import('./components/CartDrawer'))

/** The whole shop, the same tree on the server and in the browser. */
export function App({ page, product }: { page: PageData; product: Thenable<ProductResult> | null }) {
  return (
    <ProductContext value={product}>
      <div className="flex min-h-screen flex-col bg-white font-sans text-stone-800">
        <Header />
        <main className="flex-1">
          <ErrorBoundary>
            <Page page={page} />
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

/** What only the browser does: forget a bought cart, and mark the document once React owns it. */
function BrowserEffects() {
  useForgetCompletedCart()
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}

function Page({ page }: { page: PageData }) {
  switch (page.page) {
    case 'home':
      return <LandingPage />
    case 'product':
      return <ProductPage />
    case 'terms':
      return <TermsPage />
    case 'privacy':
      return <PrivacyPage />
    case 'about':
      return <AboutPage />
    case 'not-found':
      return <NotFoundPage path={page.path} />
    case 'error':
      return <ErrorPage />
  }
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
