import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/**
 * The test files under `dir` that replace a module with vi.mock: they need a module registry of their
 * own. The others share one per worker (isolate: false): importing the app again for each file was 40 %
 * of the API suite's time and half of the web one's. Each API file still opens its own database and
 * app; a test that leans on another file's leftovers fails when files are shuffled
 * (`--sequence.shuffle.files`, tried on both suites).
 */
const mockingFiles = (dir: string, suffix: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith(suffix) && /\bvi\.mock\(/.test(readFileSync(join(dir, f), 'utf8')))
    .map((f) => join(dir, f));

/** One project of the files sharing their modules, one of the files that mock (named `<name>-mocks`). */
function split<T extends { test: { name: string } }>(dir: string, suffix: string, project: T) {
  const mocking = mockingFiles(dir, suffix);
  const include = [`${dir}/**/*${suffix}`];
  return [
    { ...project, test: { ...project.test, include, exclude: mocking, isolate: false } },
    { ...project, test: { ...project.test, name: `${project.test.name}-mocks`, include: mocking, isolate: true } },
  ];
}

const apiProjects = (name: string, testDb: string) =>
  split('apps/api/src', '.test.ts', {
    test: {
      name,
      environment: 'node',
      env: { TEST_DB: testDb },
      // PGlite: one migrated database dumped for the run; each file's database is loaded from it.
      globalSetup: testDb === 'pglite' ? ['apps/api/src/test/pglite-template.ts'] : [],
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
      ...apiProjects('api', 'pglite'),
      // CI sets DATABASE_URL: every database test runs on PostgreSQL as well.
      ...(process.env.DATABASE_URL ? apiProjects('api-postgres', 'postgres') : []),
      ...split('apps/web/src', '.test.tsx', {
        plugins: [react()],
        test: { name: 'web', environment: 'jsdom', setupFiles: ['apps/web/src/test/setup.ts'], testTimeout: 30_000 },
      }),
    ],
  },
});
