import { Footer } from './components/Footer'
import { Header } from './components/Header'
import type { Thenable } from './lib/thenable'
import type { PageData, ProductResult } from './page-data'
import { ErrorPage } from './pages/ErrorPage'
import { LandingPage } from './pages/LandingPage'
import { NotFoundPage } from './pages/NotFoundPage'
import { ProductPage } from './pages/ProductPage'
import { AboutPage, PrivacyPage, TermsPage } from './pages/StaticPages'
import { ProductContext } from './product-context'

/** The whole shop, the same tree on the server and in the browser. */
export function App({ page, product }: { page: PageData; product: Thenable<ProductResult> | null }) {
  return (
    <ProductContext value={product}>
      <div className="flex min-h-screen flex-col bg-white text-stone-800">
        <Header />
        <main className="flex-1">
          <Page page={page} />
        </main>
        <Footer />
      </div>
    </ProductContext>
  )
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
