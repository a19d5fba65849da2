import { defineConfig, mergeConfig } from 'vitest/config'
import unit from './vitest.unit.config.ts'

// The unit tier as StrykerJS runs it (stryker.config.json): each file isolated again, since
// Stryker tells which tests cover a mutant by the modules each file loads.
export default mergeConfig(unit, defineConfig({ test: { isolate: true } }))
