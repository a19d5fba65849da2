import { BUY_FORM_ID } from '../../client/lib/element-ids'

/**
 * The page's only inline script, in the head so it is there before anything is painted.
 *
 * 1. It starts the app's modules (listed in its data-modules) once the document is parsed.
 *    The entry reads the streamed product data from the page, so it must not run before the
 *    document is complete, which a dynamic import() (unlike <script type="module">) would.
 *    It does not wait for the main picture to paint first: that wait gained the picture
 *    nothing and delayed the app (bench/README.md, 'What each mechanism is worth').
 * 2. It holds a tap on a buy button that the app has not made live yet (the button has no
 *    `data-live`), so the tap ends as it would once the app is live: the app replays it
 *    (client/lib/held-taps.ts), on top of the stored cart. Without this, the button would
 *    submit the page's buy form and send the shopper to checkout with one blanket and
 *    without the cart. Should the app's modules fail to load, taps are no longer held and the
 *    form buys as it does with JavaScript off.
 *
 * Plain ES2017 in a string, so no bundler rewrites it: its hash is allowed by the CSP,
 * which lets a page from the HTML cache run it whatever this response's nonce.
 */
export const START_APP_SCRIPT = `(function (script) {
  var modules = JSON.parse(script.dataset.modules);
  var taps = window.__heldTaps = { held: [], replay: null };
  var failed = false;
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button[form="${BUY_FORM_ID}"]');
    if (!button || button.hasAttribute('data-live') || failed) return;
    event.preventDefault();
    event.stopPropagation();
    var then = button.getAttribute('data-then');
    if (taps.replay) taps.replay(then);
    else taps.held.push(then);
  }, true);
  function start() {
    modules.forEach(function (src) {
      import(src).catch(function () { failed = true; });
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})(document.currentScript);`

/** CSP source for START_APP_SCRIPT; test/unit/start-app.test.ts checks it matches. */
export const START_APP_SCRIPT_HASH = "'sha256-z6+UAocTHXQsRnXcT3EnGPEBnDcgHTJmb2TA/ZFZB/M='"
