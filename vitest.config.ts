import { defineConfig } from 'vitest/config'

// The tiers, each its own project (`vitest run --project unit`):
// - unit: test/unit, in process, no build. `npm run test:unit` is the loop to keep open while editing.
// - worker: test/worker, the bundle wrangler builds, in Miniflare's workerd, against the Storefront double.
// - browser: test/browser, that bundle in real Chromium.
// - engine:chromium, engine:firefox, engine:webkit: test/engines, the shopper's paths, one
//   file run in each of the three engines (test/engines/engines.ts says how each is driven).
// The built tiers share one global setup, which builds once per run from the code as it is.
const built = ['test/build-before-tests.ts']

export default defineConfig({
  test: {
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      { extends: './vitest.unit.config.ts', test: { name: 'unit' } },
      {
        extends: true,
        test: {
          name: 'worker',
          include: ['test/worker/**/*.test.ts'],
          globalSetup: built,
          // A poll that reads `npm run report` runs its SQL in chDB, in a child process: on a
          // loaded machine one answer took longer than Vitest's 1 s default, so the poll never
          // asked twice (a fresh-clone CI run beside two `yes`, 2026-11-26). A state that
          // never comes still fails.
          expect: { poll: { timeout: 5_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          globalSetup: built,
          // The browser tests poll for states a page reaches after fetching code: the stored cart,
          // for one, is read after two chunks that follow hydration, and over the local server's
          // HTTP/1.1 (six connections) they queue behind the page's deferred sections. Vitest's
          // 1 s default is less than that takes on a loaded CI machine; 5 s is Playwright's own.
          // A state that never comes still fails.
          expect: { poll: { timeout: 5_000 } },
        },
      },
      ...['chromium', 'firefox', 'webkit'].map((engine) => ({
        extends: true,
        test: {
          name: `engine:${engine}`,
          include: ['test/engines/**/*.test.ts'],
          globalSetup: [...built, 'test/engines/retries-report.ts'],
          env: { ENGINE: engine },
          testTimeout: 90_000,
          expect: { poll: { timeout: 5_000 } },
          // No retries: WebKitWebDriver's two traced failures, a script left unanswered and a Back
          // left undone, are met where they happen, once each (docs/testing.md, 'Retries'), and
          // the run says so at its end.
        },
      })),
    ],
  },
})
