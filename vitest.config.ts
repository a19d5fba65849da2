import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/build-before-tests.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // The browser tests poll for states a page reaches after fetching code: the stored cart,
    // for one, is read after two chunks that follow hydration, and over the local server's
    // HTTP/1.1 (six connections) they queue behind the page's deferred sections. Vitest's
    // 1 s default is less than that takes on a loaded CI machine; 5 s is Playwright's own.
    // A state that never comes still fails.
    expect: { poll: { timeout: 5_000 } },
  },
})
