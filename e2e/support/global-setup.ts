import type { TestProject } from 'vitest/node';
import { startApp } from '../perf/start-app';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    dataDir: string;
  }
}

/** Starts the real app (built web + API, one process) on a fresh embedded database with the demo seed. */
export default async function setup(project: TestProject) {
  // E2E_WEB_DIST: test a build made elsewhere (e.g. while others rebuild apps/web/dist).
  const app = await startApp({ webDist: process.env.E2E_WEB_DIST || undefined });
  project.provide('baseURL', app.baseURL);
  project.provide('dataDir', app.dataDir);
  return app.stop;
}
