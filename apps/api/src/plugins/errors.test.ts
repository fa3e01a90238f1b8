import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { M } from '@tc/shared';
import { adminSession, createTestApp, describeOnPostgres, lockWaiters, registerAndLogin, type TestApp } from '../test/harness';

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

describeOnPostgres('a transaction PostgreSQL undoes to break a deadlock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers 503 in Portuguese with Retry-After, changes nothing, and trying again works', async () => {
    const admin = await adminSession(t.app);
    const pro = await registerAndLogin(t.app, 'profissional');
    const client = await registerAndLogin(t.app, 'cliente');
    const { rows } = await t.db.execute<{ id: number }>(
      sql`insert into reviews (profissional_id, cliente_id, nota, comentario, status) values (${pro.id}, ${client.id}, 5, 'Muito bom', 'ESPERA') returning id`,
    );
    const review = Number(rows[0]!.id);
    // Another transaction holds the professional's row; the approval locks the review, then waits for
    // that row; the other transaction then asks for the review: each waits for the other. The approval,
    // waiting longer, is the one PostgreSQL undoes.
    let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from profissionais where id = ${pro.id} for update`);
      const approval = t.app.inject({ method: 'PUT', url: `/api/review/accept/${review}`, headers: admin.auth });
      await lockWaiters(t.db, 1);
      await tx.execute(sql`select 1 from reviews where id = ${review} for update`);
      res = await approval;
    });
    expect(res!.statusCode).toBe(503);
    expect(res!.headers['retry-after']).toBe('1');
    expect(res!.json()).toEqual({ code: 'BUSY', message: M.ocupado });
    const after = await t.db.execute<{ status: string }>(sql`select status from reviews where id = ${review}`);
    expect(after.rows[0]!.status).toBe('ESPERA');
    const again = await t.app.inject({ method: 'PUT', url: `/api/review/accept/${review}`, headers: admin.auth });
    expect(again.statusCode).toBe(200);
    expect(again.json().status).toBe('APROVADO');
  });
});
