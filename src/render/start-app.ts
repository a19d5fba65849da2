/**
 * The page's only inline script. It starts the app's modules (listed in its data-modules)
 * once the document is parsed. Until the app is live no tap is lost: the buy buttons submit
 * the page's buy form (client/product-data-script.tsx) and the shopper goes straight to
 * checkout; `npm run bench` measures the first paint to the first working tap.
 *
 * It does not wait for the main picture to paint first: that wait gained the picture
 * nothing and delayed the app (bench/README.md, 'What each mechanism is worth', the
 * starter's wait).
 *
 * The entry reads the streamed product data from the page, so it must not run before the
 * document is complete, which a dynamic import() (unlike <script type="module">) would.
 *
 * Plain ES2017 in a string, so no bundler rewrites it: its hash is allowed by the CSP,
 * which lets a page from the HTML cache run it whatever this response's nonce.
 */
export const START_APP_SCRIPT = `(function (script) {
  var modules = JSON.parse(script.dataset.modules);
  function start() {
    modules.forEach(function (src) { import(src); });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})(document.currentScript);`

/** CSP source for START_APP_SCRIPT; test/unit/start-app.test.ts checks it matches. */
export const START_APP_SCRIPT_HASH = "'sha256-ek4zZq74ITlLXEArAtULy/qx0TsAFzCv8S/aM5ho3XY='"
