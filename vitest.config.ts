import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const apiProject = (name: string, testDb: string) => ({
  test: {
    name,
    include: ['apps/api/src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: testDb },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // 2 cores: two files at a time keeps PGlite start-up and argon2 from starving each other.
    maxWorkers: 2,
    projects: [
      // 30 s like the others: a CI machine running two suites at once is slow, not broken.
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      apiProject('api', 'pglite'),
      // CI sets DATABASE_URL: every database test runs on PostgreSQL as well.
      ...(process.env.DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
