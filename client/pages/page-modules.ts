import type { ComponentType } from 'react'
import type { PageName } from '../../domain/page-data'
import { ErrorPage } from './ErrorPage'

export type PageComponent = ComponentType<{ path: string }>

/**
 * Every page is its own chunk, so a phone downloads only the page it shows. `source` is
 * the file's key in Vite's manifest, which the Worker reads to have the browser fetch the
 * page's chunk alongside the entry rather than after it (on a phone's network, 0.6–0.8 s
 * sooner live: bench/README.md). The error page stays in the entry: the app's error
 * boundary must be able to show it without another request.
 */
export const pageModules: Record<PageName, { source: string | null; load: () => Promise<PageComponent> }> = {
  home: { source: 'client/pages/LandingPage.tsx', load: () => import('./LandingPage').then((m) => m.LandingPage) },
  product: { source: 'client/pages/ProductPage.tsx', load: () => import('./ProductPage').then((m) => m.ProductPage) },
  terms: { source: 'client/pages/StaticPages.tsx', load: () => import('./StaticPages').then((m) => m.TermsPage) },
  privacy: { source: 'client/pages/StaticPages.tsx', load: () => import('./StaticPages').then((m) => m.PrivacyPage) },
  about: { source: 'client/pages/StaticPages.tsx', load: () => import('./StaticPages').then((m) => m.AboutPage) },
  'not-found': { source: 'client/pages/NotFoundPage.tsx', load: () => import('./NotFoundPage').then((m) => m.NotFoundPage) },
  error: { source: null, load: async () => ErrorPage },
}
