import { defineConfig } from 'vitest/config';

// End-to-end journeys: the real backbeat binary (serving the built web app) driven by Chromium.
export default defineConfig({
  test: {
    environment: 'node',
    include: ['e2e/**/*.e2e.test.ts'],
    globalSetup: ['./e2e/support/globalSetup.ts'],
    // Two files at once against the one server: every journey signs up its own accounts and
    // reads only its own mail, so they do not see each other. Two keeps Chromium and the server
    // within a 2-core machine.
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 90_000,
    teardownTimeout: 20_000,
  },
});
