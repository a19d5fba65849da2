import '@unocss/reset/tailwind.css'
import 'virtual:uno.css'
import { hydrateRoot } from 'react-dom/client'
import { App } from './App'
import { readJsonScript } from './lib/json-script'
import { fulfilled } from './lib/thenable'
import { PAGE_DATA_ID, PRODUCT_DATA_ID, type PageData, type ProductResult } from './page-data'

// Module scripts run once the streamed document is complete, so the product the server
// streamed in is already in the page: hydrate with it instead of fetching it again.
const page = readJsonScript<PageData>(PAGE_DATA_ID) ?? { page: 'error', path: location.pathname }
const product = readJsonScript<ProductResult>(PRODUCT_DATA_ID)

hydrateRoot(document.getElementById('root')!, <App page={page} product={product ? fulfilled(product) : null} />)
