import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { M } from '@tc/shared';
import { adminSession, createTestApp, projectPayload, registerAndLogin, TEST_DB, type TestApp } from '../../test/harness';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let client: Awaited<ReturnType<typeof registerAndLogin>>;
let pro: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app);
  client = await registerAndLogin(t.app, 'cliente');
  pro = await registerAndLogin(t.app, 'profissional');
});
afterAll(() => t.close());

const publish = async (titulo: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: client.auth, payload: projectPayload({ titulo }) });
  expect(res.statusCode).toBe(201);
  return (res.json() as { id: number }).id;
};
const approve = (id: number, payload?: Record<string, unknown>, headers = admin.auth) =>
  t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/aprovar`, headers, ...(payload === undefined ? {} : { payload }) });
const price = (id: number, creditos: number) =>
  t.app.inject({ method: 'PUT', url: `/api/requests/atualiza-creditos/${id}`, headers: admin.auth, payload: { creditos } });
const inJobSearch = async (titulo: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/requests/disponiveis?q=${encodeURIComponent(titulo)}`, headers: pro.auth })).json().items.length > 0;
/**
 * What was announced about a project, as its readers see it: the client's bell lines "Projeto
 * aprovado" about it (through the API; rendered from stored data or text), the outbox's e-mail to
 * the client, and the zone's queued job alerts (the worker is off in tests), counted in the database.
 */
const announced = async (id: number, titulo: string) => {
  const bell = (await t.app.inject({ method: 'GET', url: '/api/notificacoes?pageSize=50', headers: client.auth })).json() as {
    items: { titulo: string; corpo: string }[];
  };
  const [counts] = (
    await t.app.ctx.db.execute<{ mail: number; zona: number }>(sql`
      select (select count(*)::int from email_outbox where chave = ${`projeto_aprovado:r${id}`}) as mail,
        (select count(*)::int from job_alert_queue where request_id = ${id}) as zona`)
  ).rows;
  return {
    aprovado: bell.items.filter((n) => n.titulo === 'Projeto aprovado' && n.corpo.includes(`"${titulo}"`)).length,
    mail: counts.mail,
    zona: counts.zona,
  };
};

describe(`admin approves and prices in one step (${TEST_DB})`, () => {
  it('PATCH /aprovar with {creditos}: open, priced, in job search, announced once', async () => {
    const T = 'Aprovar com preço';
    const id = await publish(T);
    const res = await approve(id, { creditos: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'ABERTO', creditos: 7, visivel: true });
    expect(await inJobSearch('Aprovar com preço')).toBe(true);
    expect(await announced(id, T)).toEqual({ aprovado: 1, mail: 1, zona: 1 });

    // Re-pricing later announces nothing again; approving again is refused.
    expect((await price(id, 9)).json()).toEqual({ creditos: 9, status: 'ABERTO' });
    const again = await approve(id, { creditos: 3 });
    expect(again.statusCode).toBe(409);
    expect(await announced(id, T)).toEqual({ aprovado: 1, mail: 1, zona: 1 });
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit?pageSize=50', headers: admin.auth })).json();
    expect(audit.items.find((a: { acao: string; alvoId: number }) => a.acao === 'PROJETO_APROVADO' && a.alvoId === id)).toMatchObject({
      detalhes: { creditos: 7 },
    });
  });

  it("the spec's call without a body still approves, says truthfully it stays hidden, and announces when priced", async () => {
    const T = 'Aprovar sem preço';
    const id = await publish(T);
    const res = await approve(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'ABERTO', creditos: null, visivel: false });
    expect(await inJobSearch('Aprovar sem preço')).toBe(false);
    expect(await announced(id, T)).toEqual({ aprovado: 0, mail: 0, zona: 0 });

    expect((await price(id, 4)).statusCode).toBe(200);
    expect(await inJobSearch('Aprovar sem preço')).toBe(true);
    expect(await announced(id, T)).toEqual({ aprovado: 1, mail: 1, zona: 1 });
    await price(id, 6);
    expect(await announced(id, T)).toEqual({ aprovado: 1, mail: 1, zona: 1 });
  });

  it('refuses a bad price with the spec message and changes nothing; only admins approve', async () => {
    const T = 'Preço inválido';
    const id = await publish(T);
    for (const creditos of [0, -3, 1.5, 'abc']) {
      const res = await approve(id, { creditos });
      expect(res.statusCode, String(creditos)).toBe(400);
      expect(res.json().message).toBe(M.adminCreditosInvalid);
    }
    expect((await approve(id, { creditos: 5 }, client.auth)).statusCode).toBe(403);
    expect((await approve(id, { creditos: 5 }, pro.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/aprovar`, payload: { creditos: 5 } })).statusCode).toBe(401);
    expect((await approve(999999, { creditos: 5 })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/requests/${id}`, headers: admin.auth })).json()).toMatchObject({ status: 'ESPERA', creditos: null });
    expect(await announced(id, T)).toEqual({ aprovado: 0, mail: 0, zona: 0 });
  });

  it('two admins approving the same project at once: one approval, one audit line, one announcement', async () => {
    // On PostgreSQL the two statements run at once; the row lock makes the second see the first's
    // change (without it both approved: two audit lines, the second price kept).
    for (let round = 0; round < 5; round++) {
      const T = `Aprovação dupla ${round}`;
      const id = await publish(T);
      const [a, b] = await Promise.all([approve(id, { creditos: 3 }), approve(id, { creditos: 8 })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const won = a.statusCode === 200 ? a : b;
      const lost = a.statusCode === 200 ? b : a;
      expect(lost.json()).toEqual({ code: 'INVALID_STATUS', message: 'Só um projeto em espera pode ser aprovado.' });
      const { rows } = await t.app.ctx.db.execute<{ n: number; creditos: number }>(sql`
        select (select count(*)::int from audit_log where acao = 'PROJETO_APROVADO' and alvo_id = ${id}) as n,
          (select creditos from requests where id = ${id}) as creditos`);
      expect(rows[0]).toEqual({ n: 1, creditos: won.json().creditos });
      expect(await announced(id, T)).toEqual({ aprovado: 1, mail: 1, zona: 1 });
    }
  });
});
