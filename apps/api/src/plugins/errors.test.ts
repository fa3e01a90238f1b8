import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { M } from '@tc/shared';
import { adminSession, createTestApp, describeOnPostgres, type TestApp } from '../test/harness';

describeOnPostgres('a statement stopped by the statement timeout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ statementTimeoutMs: 300 });
  });
  afterAll(() => t?.close());

  it('answers 503 in Portuguese with Retry-After, and the next request works', async () => {
    const admin = await adminSession(t.app);
    let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    // Another transaction holds the projects' table: the list waits on it until PostgreSQL stops it.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`lock table requests in access exclusive mode`);
      res = await t.app.inject({ method: 'GET', url: '/api/requests/all?status=ESPERA', headers: admin.auth });
    });
    expect(res!.statusCode).toBe(503);
    expect(res!.headers['retry-after']).toBe('5');
    expect(res!.json()).toEqual({ code: 'BUSY', message: M.ocupado });
    const again = await t.app.inject({ method: 'GET', url: '/api/requests/all?status=ESPERA', headers: admin.auth });
    expect(again.statusCode).toBe(200);
  });
});
