// Under `npm run dev`, installs React Refresh before any component module runs; in a
// build it is an empty module (the React plugin's own way for server-rendered apps).
import '@vitejs/plugin-react/preamble'
import '@unocss/reset/tailwind.css'
// Splide's core layout rules (the carousels' server-rendered markup needs them before any
// script runs). All CSS lives here, in the one stylesheet the Worker inlines into every page.
import '@splidejs/react-splide/css/core'
import 'virtual:uno.css'
import { startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { App } from '../App.tsx'
import { readJsonScript } from '../lib/json-script.ts'
import { fulfilled } from '../lib/thenable.ts'
import type { ProductResult } from '../model/product-result.ts'
import { PAGE_DATA_ID, PRODUCT_DATA_ID } from '../lib/element-ids.ts'
import { loadPage, type PageData } from '../pages/pages.ts'
import { failStart } from '../lib/held-taps.ts'
import { OnceHydrated } from './once-hydrated.tsx'
import { stashArrival } from './arrival-stash.ts'

// Before anything else: where the shopper came from is set aside at once (arrival-stash.ts).
stashArrival()

// The page's starter (client/starter/starter.ts) imports this module only once the streamed
// document is complete, so the product the server streamed in is already in the page:
// hydrate with it instead of fetching it again.
const page = readJsonScript<PageData>(PAGE_DATA_ID) ?? { page: 'error', path: location.pathname }
const product = readJsonScript<ProductResult>(PRODUCT_DATA_ID)

void loadPage(page.page).then(
  (Page) => {
    // As a transition, hydration yields to the browser every few milliseconds instead of
    // holding the main thread for the whole page, so a tap or a paint never waits long.
    startTransition(() => {
      hydrateRoot(
        document.getElementById('root')!,
        <>
          <App page={page} Page={Page} product={product ? fulfilled(product) : null} />
          <OnceHydrated page={page.page} />
        </>,
        // An error a boundary caught is one the page has answered (App.tsx, lib/boundary.tsx).
        { onCaughtError: (error) => console.warn(error) },
      )
    })
  },
  // The page's own code did not come: it stays as the server sent it, a page without
  // JavaScript, whose buy buttons submit the buy form (client/starter/starter.ts).
  failStart,
)
