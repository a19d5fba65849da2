// When a part of the app's code cannot be fetched. Two causes are common: a page opened
// before a deploy asks for chunks the new version does not have (each Worker version has its
// own static assets, and 'Uploading an asset does not add it to earlier versions' manifests':
// Cloudflare's docs, Workers > Static Assets, and 'Version skew and static assets'), and a
// phone's network drops a request. Either way the page stays usable: the part keeps the
// server's HTML (lib/deferred-section.tsx) or says it could not open. The page is reloaded,
// once, to get the new version's code, when the server says this version is gone and
// nothing the shopper did would be lost.
//
// This is the one path for lost code: the part that asked catches the error and calls
// `lostCode` once. (Vite's 'vite:preloadError' event would be a second, for the same
// failure, so the shop does not listen to it; the error still reaches the caller.)

/**
 * Asks the page's starter (client/starter/starter.ts) to reload the page for code it could
 * not fetch: it does once the server says this page's version is gone, unless the shopper is
 * leaving, a tap of theirs is held, a buy is under way, or it reloaded in the last ten
 * minutes. Resolves true if the page is reloading, so the caller says nothing over it.
 */
export const lostCode = (): Promise<boolean> => window.__heldTaps?.reload() ?? Promise.resolve(false)
