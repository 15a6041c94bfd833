/**
 * The vitest configuration Stryker runs (stryker.config.mjs). The mutated modules are covered by
 * unit tests that need neither dist/ nor worker threads, so the global build step of the main
 * configuration is left out: a mutant is tested against the source it was made in.
 */
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // The tests of the areas a run mutates (stryker.config.mjs), or every test.
    include: process.env.MUTATION_TESTS?.split(',') ?? ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
