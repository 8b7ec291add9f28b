import { defineConfig } from 'vitest/config';

// The browser tests (npm run test:browser): the report and the live page in
// headless Chromium. Not part of npm test: they need a browser and take longer.
export default defineConfig({
  test: {
    include: ['src/**/*.browser.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
