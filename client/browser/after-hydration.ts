// What the app starts once hydrated (once-hydrated.tsx), as one chunk.
export { startCartEffects } from './cart-effects'
export { startFieldAnalytics } from '../analytics/start'
