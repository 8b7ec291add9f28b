import { defineConfig } from 'vitest/config';

// `npm run test:quick`: the edit loop, in well under a minute. Every test
// but the slow files (`*.slow.test.ts`: whole-run golden outputs and
// examples, the conformance suite, property and fuzz suites, child
// processes, the papers' experiments), in one module cache per worker
// (isolate: false), which halves the time spent importing. `npm test` runs
// everything, each file isolated.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    exclude: ['src/**/*.browser.test.ts', 'src/**/*.slow.test.ts'],
    isolate: false,
    testTimeout: 60_000,
  },
});
