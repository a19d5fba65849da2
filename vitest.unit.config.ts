import { defineConfig } from 'vitest/config'

// The unit tier alone: test/unit, in process, no build. vitest.config.ts's `unit` project
// extends it, and StrykerJS runs it (stryker.config.json), so the tier is defined once.
export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
  },
})
