import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // The browser tests run apart: npm run test:browser (vitest.browser.config.ts).
    exclude: ['src/**/*.browser.test.ts'],
    testTimeout: 60_000,
  },
});
