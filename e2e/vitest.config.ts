import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    include: ['tests/**/*.e2e.ts'],
    environment: 'node',
    globalSetup: ['support/global-setup.ts'],
    // One browser journey at a time: 2 cores are shared with the server under test.
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // expect.poll waits for the page, it does not time it: 1 s by default was too short for a
    // lazily loaded page's first paint while CI's 2 cores were busy.
    expect: { poll: { timeout: 10_000 } },
  },
});
