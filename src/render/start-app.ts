import { BUY_FORM_ID } from '../../client/lib/element-ids'

/** Where a tab notes when it last reloaded for code it could not fetch. */
const RELOADED_AT = 'shop:reloaded-for-code'
/** Once per tab in this long, so code that never comes cannot reload the page in a loop. */
const RELOAD_AT_MOST_EVERY_MS = 10 * 60_000

/**
 * The page's only inline script, in the head so it is there before anything is painted.
 *
 * 1. It starts the app's modules (listed in its data-modules) once the document is parsed.
 *    The entry reads the streamed product data from the page, so it must not run before the
 *    document is complete, which a dynamic import() (unlike <script type="module">) would.
 *    It does not wait for the main picture to paint first: that wait gained the picture
 *    nothing and delayed the app (bench/README.md, 'What each mechanism is worth').
 * 2. It holds a tap on any control the app has not made live yet (one with `data-hold` and
 *    no `data-live`: the buy buttons, the cart button, the thumbnails, the carousels' dots),
 *    so that no tap is lost: the control says at once that it heard it (`aria-busy`, which
 *    its classes draw as pressed), and the app runs it once the control is live
 *    (client/lib/held-taps.ts). A second tap on a control whose first is still held adds
 *    nothing: one intent, one blanket. Without this, a buy button would submit the page's
 *    buy form and send the shopper to checkout with one blanket and without the cart.
 * 3. Should the app's code fail to load (the entry, or the page's chunk: client/browser/entry.tsx
 *    calls `fail`), taps are no longer held: a held buy tap goes to the buy form, which buys
 *    as it does with JavaScript off, and the other controls let go of theirs.
 * 4. `reload` reloads the page for code it could not fetch, the one way a page from before a
 *    deploy gets the new version's (client/lib/lost-code.tsx says when the app asks). Never
 *    while the shopper is leaving the page, nor while a tap is held or a buy form is on its
 *    way, and at most once per tab in RELOAD_AT_MOST_EVERY_MS, so a chunk that never comes
 *    cannot loop. Firefox and WebKit stop the fetches under way as soon as a navigation
 *    starts, long before pagehide, and a reload then would cancel the shopper's way out. So
 *    leaving starts at the Navigation API's navigate event, or at beforeunload in a browser
 *    without that API (WebKitGTK). A beforeunload listener would keep a page out of
 *    Firefox's back-forward cache (not WebKit's), but Firefox has the Navigation API.
 *
 * It also marks the document `data-js`, before the first paint, for the controls that only
 * work with JavaScript (the carousels' server-drawn dots show only then).
 *
 * Plain ES2017 in a string, so no bundler rewrites it: its hash is allowed by the CSP,
 * which lets a page from the HTML cache run it whatever this response's nonce.
 */
export const START_APP_SCRIPT = `(function (script) {
  var modules = JSON.parse(script.dataset.modules);
  var root = document.documentElement;
  var failed = false;
  var bought = false;
  var leaving = false;
  var taps = window.__heldTaps = { held: [], take: null, fail: fail, reload: reload };
  root.setAttribute('data-js', '');
  document.addEventListener('click', function (event) {
    var control = event.target.closest && event.target.closest('[data-hold]');
    if (!control || control.hasAttribute('data-live') || failed) return;
    event.preventDefault();
    event.stopPropagation();
    if (control.getAttribute('aria-busy') === 'true') return;
    control.setAttribute('aria-busy', 'true');
    if (!(taps.take && taps.take(control))) taps.held.push(control);
  }, true);
  addEventListener('pagehide', function () { leaving = true; });
  addEventListener('pageshow', function () { leaving = false; });
  if (window.navigation) navigation.addEventListener('navigate', function (event) { if (!event.destination.sameDocument) leaving = true; });
  else addEventListener('beforeunload', function () { leaving = true; });
  function reload() {
    if (leaving || bought || taps.held.length) return false;
    try {
      if (!(Date.now() - Number(sessionStorage.getItem('${RELOADED_AT}') || 0) >= ${RELOAD_AT_MOST_EVERY_MS})) return false;
      sessionStorage.setItem('${RELOADED_AT}', String(Date.now()));
    } catch (error) {
      return false;
    }
    location.reload();
    return true;
  }
  function fail() {
    if (failed) return;
    failed = true;
    root.removeAttribute('data-js');
    taps.held.splice(0).forEach(function (control) {
      control.removeAttribute('aria-busy');
      if (!bought && control.getAttribute('form') === '${BUY_FORM_ID}') {
        bought = true;
        control.click();
      }
    });
    reload();
  }
  function start() {
    modules.forEach(function (src) {
      import(src).catch(fail);
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})(document.currentScript);`

/** CSP source for START_APP_SCRIPT; test/unit/start-app.test.ts checks it matches. */
export const START_APP_SCRIPT_HASH = "'sha256-C6gjsf8sRVdJN4mS6ZC0/OOVfN5JG64oDTBI0F/bryE='"
