import type { ComponentType } from 'react'
import ErrorPage from './error/page.tsx'

export type PageComponent = ComponentType<{ path: string }>

type PageEntry = {
  /** The Worker's route (Hono's pattern); null for the pages it shows on its own. */
  path: string | null
  /** The view, `<name>/page.tsx`: its own chunk, so a phone downloads only the page it shows. */
  load: () => Promise<{ default: PageComponent }>
  /** An address that shows it, where `path` has parameters or there is none: what the tests visit. */
  example?: string
  /** Its link's words in the footer, for a page the footer links to. */
  footer?: string
}

/**
 * Every page of the shop. Each is a folder, `client/pages/<name>/`: `page.tsx` (the view,
 * which hydrates at once), `sections.tsx` where it has parts that hydrate later or never (static sections), and
 * `meta.ts` (head, status, product), which the Worker finds by the folder's name
 * (src/routes/page-routes.tsx), so the browser's bundle never names it. From this table come the
 * page names, the modules the browser loads, the Worker's routes, the sitemap, the footer's
 * links and the pages every test tier visits; adding a page is a folder and a line here
 * (docs/architecture.md, 'Adding a page').
 */
export const PAGES = {
  home: { path: '/', load: () => import('./home/page.tsx') },
  product: { path: '/product/:handle', example: '/product/toddler-blanket', load: () => import('./product/page.tsx') },
  about: { path: '/about', footer: 'About', load: () => import('./about/page.tsx') },
  terms: { path: '/terms', footer: 'Terms of use', load: () => import('./terms/page.tsx') },
  privacy: { path: '/privacy', footer: 'Privacy', load: () => import('./privacy/page.tsx') },
  'not-found': { path: null, example: '/no/such/page', load: () => import('./not-found/page.tsx') },
  // In the entry, not a chunk: the app's error boundary must show it without another request.
  error: { path: null, load: async () => ({ default: ErrorPage }) },
} satisfies Record<string, PageEntry>

export type PageName = keyof typeof PAGES

/**
 * What the page tells its app: which page, at which path, where Shopify's checkout is (its
 * origin, for a preconnect), and the country it is written for (client/model/market.ts), in
 * whose market its checkout makes the cart.
 */
export type PageData = { page: PageName; path: string; checkoutOrigin?: string; country?: string }

export const loadPage = async (name: PageName): Promise<PageComponent> => (await PAGES[name].load()).default

/**
 * The page's view as Vite's manifest names it, which the Worker reads to have the browser
 * fetch the page's chunk alongside the entry rather than after it (bench/README.md):
 * derived from the folder, never typed. Null for the page that lives in the entry.
 */
export const pageSource = (name: PageName): string | null => (name === 'error' ? null : `client/pages/${name}/page.tsx`)

/** Where each page can be seen, for the tests of every tier: its path, or its example. */
export const PAGE_EXAMPLES = Object.entries(PAGES as Record<PageName, PageEntry>).flatMap(([name, entry]) => {
  const path = entry.example ?? entry.path
  return path && !path.includes(':') ? [{ name: name as PageName, path }] : []
})

/** The footer's links to pages of the shop, as the table names them. */
export const FOOTER_PAGES = Object.values(PAGES as Record<PageName, PageEntry>).flatMap((entry) =>
  entry.footer && entry.path ? [{ label: entry.footer, path: entry.path }] : [],
)
