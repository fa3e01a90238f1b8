import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite data folder, dumped once for the run: each test file's database starts from it. */
    pgliteTemplate?: string;
  }
}

/**
 * Vitest's global set-up for the PGlite project: migrates one in-memory database and dumps it to a
 * file. PGlite's initdb costs 3-5 s of CPU per database on this machine, a load from the dump 0.8 s,
 * and the suite opens over a hundred databases.
 */
export default async function setup(project: TestProject) {
  const database = await openDatabase({});
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'tc-pglite-template-'));
  const file = join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
