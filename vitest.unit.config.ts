import { defineConfig } from 'vitest/config'
import { starterScript } from './scripts/starter/vite-plugin-starter.ts'

// The unit tier alone: test/unit, in process, no build. vitest.config.ts's `unit` project
// extends it, and StrykerJS runs it (stryker.config.json), so the tier is defined once.
// Its files share one module graph in threads (isolate: false), which halves the tier's
// time (bench/README.md, 'The house'): each test makes its own state (a jotai store, an
// env object), spies are restored after every test, and the files pass in any order
// (`npx vitest run --project unit --sequence.shuffle`).
export default defineConfig({
  // The page's starter, built from its source as the browser build does ('starter-script').
  plugins: [starterScript()],
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}'],
    pool: 'threads',
    isolate: false,
    restoreMocks: true,
    unstubGlobals: true,
  },
})
