import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The browser tests run apart: npm run test:browser (vitest.browser.config.ts).
    exclude: ['src/**/*.browser.test.ts'],
    testTimeout: 60_000,
    // `npm run coverage`: lines of src/ run by the tests in their own process (the compiled CLI they spawn is not counted).
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/test-support/**'],
      reporter: ['text-summary', 'json-summary'],
    },
  },
});
