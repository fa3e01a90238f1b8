import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { M } from '@tc/shared';
import { sql } from 'drizzle-orm';
import { adminSession, createTestApp, openProject, projectPayload, registerAndLogin, type TestApp } from '../../test/harness';
import { grantCredits } from '../creditos/creditos.service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app);
});
afterAll(() => t.close());

const give = (profId: number, n: number) => t.db.transaction((tx) => grantCredits(tx, profId, n, 'AJUSTE', { descricao: 'teste' }));

describe('publishing and reading projects', () => {
  it('a client publishes a project in ESPERA and finds it in its own list', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const res = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: projectPayload({ tempo: 'URGENTE' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'ESPERA', tempo: 'URGENTE', clienteId: c.id, creditos: null, contato: '+351912345678' });
    const list = await t.app.inject({ method: 'GET', url: `/api/requests/cliente/${c.id}`, headers: c.auth });
    expect(list.json()).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
    expect(list.json().items.map((r: { id: number }) => r.id)).toEqual([res.json().id]);
  });

  it('takes the specialty by its label as well as its value', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    for (const especialidade of ['Desentupimentos', 'DESENTUPIMENTOS', 'desentupimentos']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: projectPayload({ especialidade }) });
      expect(res.statusCode, especialidade).toBe(201);
      expect(res.json().especialidade).toBe('desentupimentos');
    }
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/requests/create',
      headers: c.auth,
      payload: projectPayload({ especialidade: 'Astrologia' }),
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('words every validation message in Portuguese, even where a schema names none', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const p = await registerAndLogin(t.app, 'profissional');
    const answers = [
      await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: projectPayload({ tempo: 'AMANHA' }) }),
      await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: projectPayload({ tempo: 7 }) }),
      await t.app.inject({ method: 'GET', url: '/api/requests/disponiveis?tempo=QUALQUER', headers: p.auth }),
      await t.app.inject({ method: 'GET', url: '/api/requests/disponiveis?page=abc', headers: p.auth }),
      await t.app.inject({ method: 'GET', url: `/api/requests/disponiveis?q=${'x'.repeat(200)}`, headers: p.auth }),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(400);
      const text = JSON.stringify(res.json());
      expect(text).not.toMatch(/Invalid|expected|received|must|Too (big|small)|option/i);
    }
    expect(answers[2].json().message).toBe('Opção inválida.');
    expect(answers[4].json().message).toBe('A pesquisa tem no máximo 100 caracteres.');
  });

  it("refuses ids outside the database's integers with a Portuguese 400, not a 500", async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    for (const id of ['99999999999', '2147483648', '0', '-3', '1.5', 'abc']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/requests/${id}`, headers: c.auth });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBe('Identificador inválido.');
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/requests/2147483647', headers: c.auth })).statusCode).toBe(404);
    // In a JSON body an id is a number (or digits): true is not the id 1.
    const p = await registerAndLogin(t.app, 'profissional');
    for (const requestId of [true, 1.5, '1e3', 99999999999]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId } });
      expect(res.statusCode, String(requestId)).toBe(400);
      expect(res.json().message).toBe('Identificador inválido.');
    }
  });

  it('refuses a project with missing fields or an unknown specialty, and stores nothing', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const res = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: { titulo: '', especialidade: 'astrologia' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      titulo: M.campoProjetoObrigatorio,
      descricao: M.campoProjetoObrigatorio,
      especialidade: M.campoProjetoObrigatorio,
    });
    const list = await t.app.inject({ method: 'GET', url: `/api/requests/cliente/${c.id}`, headers: c.auth });
    expect(list.json()).toEqual({ items: [], page: 1, pageSize: 20, hasMore: false });
  });

  it('a client deleted by another instance, while this one still trusts the session, gets a Portuguese 404 and nothing is written', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    // One authenticated request: this instance now keeps the session as valid for a few seconds.
    expect((await t.app.inject({ method: 'GET', url: `/api/requests/cliente/${c.id}`, headers: c.auth })).statusCode).toBe(200);
    // Deleted by another instance: straight in the database, so this instance's session cache is not told.
    await t.db.execute(sql`delete from clientes where id = ${c.id}`);
    const count = async () => Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from requests`)).rows[0].n);
    const before = await count();
    const res = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: projectPayload() });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Cliente não encontrado.');
    expect(await count()).toBe(before);
  });

  it('only clients publish; a professional or an anonymous caller cannot', async () => {
    const p = await registerAndLogin(t.app, 'profissional');
    expect((await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: p.auth, payload: projectPayload() })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/requests/create', payload: projectPayload() })).statusCode).toBe(401);
  });
});

describe("a client cannot touch another client's projects", () => {
  it('cannot list, read, see applicants of, complete or review them', async () => {
    const owner = await registerAndLogin(t.app, 'cliente');
    const other = await registerAndLogin(t.app, 'cliente');
    const id = await openProject(t.app, owner, admin);
    const pro = await registerAndLogin(t.app, 'profissional');
    await give(pro.id, 50);
    expect((await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: pro.auth, payload: { requestId: id } })).statusCode).toBe(201);

    expect((await t.app.inject({ method: 'GET', url: `/api/requests/cliente/${owner.id}`, headers: other.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/requests/${id}`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/requests/${id}/profissionais`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/concluir`, headers: other.auth })).statusCode).toBe(404);
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/review/create',
      headers: other.auth,
      payload: { profissionalId: pro.id, requestId: id, nota: 5, comentario: 'Ótimo' },
    });
    expect(review.statusCode).toBe(400);
    // Nothing changed for the owner.
    const mine = await t.app.inject({ method: 'GET', url: `/api/requests/${id}`, headers: owner.auth });
    expect(mine.json().status).toBe('ABERTO');
  });
});

describe('status flow and the contact rule', () => {
  it('ESPERA is invisible to professionals; after approval they see it without contact until they pay', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const p = await registerAndLogin(t.app, 'profissional');
    const created = (await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: projectPayload() })).json();
    expect((await t.app.inject({ method: 'GET', url: `/api/requests/${created.id}`, headers: p.auth })).statusCode).toBe(404);
    // Completing an unapproved project is refused.
    expect((await t.app.inject({ method: 'PATCH', url: `/api/requests/${created.id}/concluir`, headers: c.auth })).statusCode).toBe(409);

    expect((await t.app.inject({ method: 'PATCH', url: `/api/requests/${created.id}/aprovar`, headers: c.auth })).statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/requests/${created.id}/aprovar`, headers: admin.auth });
    expect(ok.json()).toMatchObject({ status: 'ABERTO' });
    await t.app.inject({ method: 'PUT', url: `/api/requests/atualiza-creditos/${created.id}`, headers: admin.auth, payload: { creditos: 12 } });

    const seen = (await t.app.inject({ method: 'GET', url: `/api/requests/${created.id}`, headers: p.auth })).json();
    expect(seen).toMatchObject({ status: 'ABERTO', creditos: 12, contato: null, jaCandidatado: false, cliente: { email: null } });

    await give(p.id, 12);
    const applied = await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: created.id } });
    expect(applied.statusCode).toBe(201);
    expect(applied.json()).toMatchObject({ contato: '+351912345678', creditosRestantes: 0, cliente: { email: c.email } });
    const after = (await t.app.inject({ method: 'GET', url: `/api/requests/${created.id}`, headers: p.auth })).json();
    expect(after).toMatchObject({ contato: '+351912345678', jaCandidatado: true, cliente: { email: c.email } });

    const applicants = await t.app.inject({ method: 'GET', url: `/api/requests/${created.id}/profissionais`, headers: c.auth });
    expect(applicants.json().map((a: { id: number }) => a.id)).toEqual([p.id]);
    expect(JSON.stringify(applicants.json())).not.toContain('@');

    // Completing says who did the job (here: the one who applied).
    const done = await t.app.inject({ method: 'PATCH', url: `/api/requests/${created.id}/concluir`, headers: c.auth, payload: { profissionalId: p.id } });
    expect(done.json()).toEqual({ id: created.id, status: 'CONCLUIDO', escolhidoId: p.id });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/requests/${created.id}/concluir`, headers: c.auth })).statusCode).toBe(409);
  });
});
