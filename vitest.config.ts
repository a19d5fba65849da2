import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.{ts,tsx}'],
    globalSetup: ['test/build-before-tests.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
