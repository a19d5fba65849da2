// The floor under the shop's Lighthouse figures: the same React build, hydrating one element.
import { hydrateRoot } from 'react-dom/client'

hydrateRoot(document.getElementById('root')!, <h1>Square Snuggles</h1>)
