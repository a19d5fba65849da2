import { Component, type ReactNode } from 'react'

// When a part of the app's code cannot be fetched. Two causes are common: a page opened
// before a deploy asks for chunks the new version does not have (each Worker version has its
// own static assets, and 'Uploading an asset does not add it to earlier versions' manifests':
// Cloudflare's docs, Workers > Static Assets, and 'Version skew and static assets'), and a
// phone's network drops a request. Either way the page stays usable: the part keeps the
// server's HTML (lib/deferred-section.tsx) or says it could not open, and the page is
// reloaded once, to get the new version's code, when nothing the shopper did would be lost.

/**
 * Reloads the page for the code it could not fetch, if the page's starter script agrees
 * (src/render/start-app.ts: not while the shopper is leaving, nor while a tap of theirs is
 * held or a buy is under way, and once per tab in ten minutes). True when it reloads.
 */
export const reloadForLostCode = (): boolean => window.__heldTaps?.reload() ?? false

/**
 * Watches for code that cannot be fetched anywhere in the app: Vite reports every dynamic
 * import it wraps ('vite:preloadError', Vite's guide, 'Handling preload errors'). The error
 * still reaches the part that asked, which keeps its HTML or says so.
 */
export function watchForLostCode() {
  addEventListener('vite:preloadError', () => void reloadForLostCode())
}

type BoundaryProps = { children: ReactNode; fallback: ReactNode; onError?: (error: unknown) => void }

/** Shows `fallback` instead of `children` once they throw, and tells `onError`. */
export class Boundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: unknown) {
    this.props.onError?.(error)
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children
  }
}
