import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { M } from '@tc/shared';
import { adminSession, createTestApp, projectPayload, registerAndLogin, TEST_DB, type TestApp } from '../../test/harness';
import type { NotificationEvent } from '../notificacoes/events';

// Every event announced, in order (the real notify still runs).
const events: NotificationEvent[] = [];
vi.mock('../notificacoes/notify', async (importOriginal) => {
  const real = await importOriginal<typeof import('../notificacoes/notify')>();
  return {
    ...real,
    notify: vi.fn(async (...args: Parameters<typeof real.notify>) => {
      events.push(args[1]);
      return real.notify(...args);
    }),
  };
});

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
beforeEach(() => {
  events.length = 0;
});

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
const announced = (id: number) => ({
  aprovado: events.filter((e) => e.tipo === 'projeto_aprovado' && e.requestId === id).length,
  zona: events.filter((e) => e.tipo === 'novo_projeto_na_zona' && e.requestId === id).length,
});

describe(`admin approves and prices in one step (${TEST_DB})`, () => {
  it('PATCH /aprovar with {creditos}: open, priced, in job search, announced once', async () => {
    const id = await publish('Aprovar com preço');
    const res = await approve(id, { creditos: 7 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'ABERTO', creditos: 7, visivel: true });
    expect(await inJobSearch('Aprovar com preço')).toBe(true);
    expect(announced(id)).toEqual({ aprovado: 1, zona: 1 });

    // Re-pricing later announces nothing again; approving again is refused.
    expect((await price(id, 9)).json()).toEqual({ creditos: 9, status: 'ABERTO' });
    const again = await approve(id, { creditos: 3 });
    expect(again.statusCode).toBe(409);
    expect(announced(id)).toEqual({ aprovado: 1, zona: 1 });
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit?pageSize=50', headers: admin.auth })).json();
    expect(audit.items.find((a: { acao: string; alvoId: number }) => a.acao === 'PROJETO_APROVADO' && a.alvoId === id)).toMatchObject({
      detalhes: { creditos: 7 },
    });
  });

  it("the spec's call without a body still approves, says truthfully it stays hidden, and announces when priced", async () => {
    const id = await publish('Aprovar sem preço');
    const res = await approve(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id, status: 'ABERTO', creditos: null, visivel: false });
    expect(await inJobSearch('Aprovar sem preço')).toBe(false);
    expect(announced(id)).toEqual({ aprovado: 0, zona: 0 });

    expect((await price(id, 4)).statusCode).toBe(200);
    expect(await inJobSearch('Aprovar sem preço')).toBe(true);
    expect(announced(id)).toEqual({ aprovado: 1, zona: 1 });
    await price(id, 6);
    expect(announced(id)).toEqual({ aprovado: 1, zona: 1 });
  });

  it('refuses a bad price with the spec message and changes nothing; only admins approve', async () => {
    const id = await publish('Preço inválido');
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
    expect(announced(id)).toEqual({ aprovado: 0, zona: 0 });
  });
});
