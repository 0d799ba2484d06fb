import { defineConfig } from 'vitest/config';

// End-to-end journeys: the real backbeat binary (serving the built web app) driven by Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['./e2e/support/globalSetup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 20_000,
  },
});
