/**
 * The page's only inline script. It starts the app's modules (listed in its data-modules)
 * once the document is parsed and the page's main picture, the <img fetchpriority="high">,
 * has loaded and been painted, or after two seconds at most: on a slow phone connection
 * the picture the shopper came for gets the bandwidth and the main thread first, and the
 * JavaScript follows. No tap is lost meanwhile: until the app is live, the buy buttons
 * submit the page's buy form (client/product-data-script.tsx) and the shopper goes
 * straight to checkout; `npm run bench` measures the first paint to the first working tap.
 *
 * The entry reads the streamed product data from the page, so it must not run before the
 * document is complete, which a dynamic import() (unlike <script type="module">) would.
 *
 * Plain ES2017 in a string, so no bundler rewrites it: its hash is allowed by the CSP,
 * which lets a page from the HTML cache run it whatever this response's nonce.
 */
export const START_APP_SCRIPT = `(function (script) {
  var modules = JSON.parse(script.dataset.modules);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    modules.forEach(function (src) { import(src); });
  }
  function whenPictureShown() {
    var picture = document.querySelector('img[fetchpriority="high"]');
    if (!picture) return start();
    function afterPaint() {
      requestAnimationFrame(function () { setTimeout(start, 0); });
    }
    setTimeout(start, 2000);
    if (picture.complete) return afterPaint();
    picture.addEventListener('load', afterPaint);
    picture.addEventListener('error', start);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenPictureShown);
  else whenPictureShown();
})(document.currentScript);`

/** CSP source for START_APP_SCRIPT; test/unit/start-app.test.ts checks it matches. */
export const START_APP_SCRIPT_HASH = "'sha256-1rH6vkBTtwlp2vCh6jgr5oEPhQ7X8tL8qY6iZgVNp90='"
