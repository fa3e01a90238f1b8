import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { TERMOS_M, TERMOS_VERSAO } from '@tc/shared';
import { adminSession, createTestApp, registerAndLogin, type TestApp } from '../../test/harness';

// The terms version and the clock are the app's parameters: a test moves them as a new release would.
let versao = TERMOS_VERSAO;
let now = new Date('2026-11-24T10:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ termosVersao: () => versao, clock: { now: () => now } });
});
afterAll(() => t.close());

const login = (email: string, tipo: 'cliente' | 'profissional' | 'admin', senha = 'Segura#123') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, senha, tipo } });
const exportAcceptances = async (tipo: 'cliente' | 'profissional', auth: Record<string, string>) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/${tipo}/export-data`, headers: auth });
  expect(res.statusCode).toBe(200);
  return (res.json() as { termosAceites: { versao: string; aceiteEm: string }[] }).termosAceites;
};
const counts = async (email: string) => {
  const { rows } = await t.db.execute<{ contas: number; aceites: number }>(sql`select
    (select count(*)::int from clientes where email = ${email}) + (select count(*)::int from profissionais where email = ${email}) as contas,
    (select count(*)::int from termos_aceites) as aceites`);
  return rows[0]!;
};
const accept = (auth: Record<string, string>, v: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/termos/aceitar', headers: auth, payload: { versao: v } });

describe('sign-up needs the terms accepted', () => {
  const cases = [
    ['cliente', { nome: 'Sem Termos', senha: 'Segura#123' }],
    ['profissional', { nome: 'Sem Termos', senha: 'Segura#123', cidade: 'Lisboa', bairro: 'Lisboa' }],
  ] as const;

  it.each(cases)('a %s without the box ticked is refused (400, pt-PT) and nothing is written', async (tipo, base) => {
    for (const [i, aceitaTermos] of [undefined, false, 'sim'].entries()) {
      const email = `sem.termos.${tipo}.${i}@exemplo.pt`;
      const before = await counts(email);
      const res = await t.app.inject({ method: 'POST', url: `/api/${tipo}/register`, payload: { ...base, email, aceitaTermos } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', message: TERMOS_M.obrigatorio, fields: { aceitaTermos: TERMOS_M.obrigatorio } });
      expect(await counts(email)).toEqual({ contas: 0, aceites: before.aceites });
      expect((await login(email, tipo)).statusCode).toBe(401);
    }
  });

  it.each(['cliente', 'profissional'] as const)('a %s who accepts gets the acceptance stored with the version and the date', async (tipo) => {
    now = new Date('2026-11-24T10:00:00.000Z');
    const u = await registerAndLogin(t.app, tipo);
    expect(await exportAcceptances(tipo, u.auth)).toEqual([{ versao: TERMOS_VERSAO, aceiteEm: '2026-11-24T10:00:00.000Z' }]);
    const { rows } = await t.db.execute<{ tipo: string; versao: string }>(sql`
      select destinatario_tipo::text as tipo, versao from termos_aceites where destinatario_id = ${u.id} and destinatario_tipo = ${tipo}`);
    expect(rows).toEqual([{ tipo, versao: TERMOS_VERSAO }]);
    // Up to date: the log-in answer is the spec's, nothing to accept.
    const res = await login(u.email, tipo);
    expect(res.json()).toEqual({ id: u.id, access_token: expect.any(String) });
  });

  it('the acceptance is written in the same transaction as the account: if it cannot be stored, no account is made', async () => {
    const email = 'transacao.termos@exemplo.pt';
    await t.db.execute(sql`alter table termos_aceites rename to termos_aceites_fora`);
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/cliente/register',
        payload: { nome: 'Ana Transação', email, senha: 'Segura#123', aceitaTermos: true },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`alter table termos_aceites_fora rename to termos_aceites`);
    }
    expect((await counts(email)).contas).toBe(0);
    expect((await login(email, 'cliente')).statusCode).toBe(401);
  });
});

describe('a new terms version is asked again', () => {
  it('after the version changes, clients and professionals are asked at log-in, accept once, and are not asked again; admins never', async () => {
    versao = TERMOS_VERSAO;
    now = new Date('2026-11-24T10:00:00.000Z');
    const cliente = await registerAndLogin(t.app, 'cliente');
    const pro = await registerAndLogin(t.app, 'profissional');
    const admin = await adminSession(t.app);
    const adminEmail = (await t.db.execute<{ email: string }>(sql`select email from admins where id = ${admin.id}`)).rows[0]!.email;

    versao = '2027-03-01';
    now = new Date('2027-03-02T09:30:00.000Z');
    for (const u of [
      { ...cliente, tipo: 'cliente' as const },
      { ...pro, tipo: 'profissional' as const },
    ]) {
      const first = await login(u.email, u.tipo);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ id: u.id, access_token: expect.any(String), termosPorAceitar: true });
      const auth = { authorization: `Bearer ${first.json().access_token}` };

      // The version the dialog showed must be the current one: an older one records nothing.
      const stale = await accept(auth, TERMOS_VERSAO);
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ code: 'TERMS_OUTDATED', message: TERMOS_M.versaoDesatualizada });
      expect(await exportAcceptances(u.tipo, auth)).toHaveLength(1);

      const ok = await accept(auth, '2027-03-01');
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ versao: '2027-03-01', aceiteEm: '2027-03-02T09:30:00.000Z' });
      // A second click changes nothing.
      now = new Date('2027-03-02T09:31:00.000Z');
      expect((await accept(auth, '2027-03-01')).json()).toEqual({ versao: '2027-03-01', aceiteEm: '2027-03-02T09:30:00.000Z' });

      expect(await exportAcceptances(u.tipo, auth)).toEqual([
        { versao: TERMOS_VERSAO, aceiteEm: '2026-11-24T10:00:00.000Z' },
        { versao: '2027-03-01', aceiteEm: '2027-03-02T09:30:00.000Z' },
      ]);
      expect((await login(u.email, u.tipo)).json()).toEqual({ id: u.id, access_token: expect.any(String) });
      now = new Date('2027-03-02T09:30:00.000Z');
    }

    const adminLogin = await login(adminEmail, 'admin');
    expect(adminLogin.statusCode).toBe(200);
    expect(adminLogin.json().termosPorAceitar).toBeUndefined();
    expect((await accept(admin.auth, '2027-03-01')).statusCode).toBe(403);
  });

  it('an account with no acceptance at all (made before the rule) is asked too', async () => {
    versao = TERMOS_VERSAO;
    const u = await registerAndLogin(t.app, 'profissional');
    await t.db.execute(sql`delete from termos_aceites where destinatario_tipo = 'profissional' and destinatario_id = ${u.id}`);
    expect((await login(u.email, 'profissional')).json().termosPorAceitar).toBe(true);
  });

  it('the accept route needs a session and a well-formed version, in Portuguese', async () => {
    versao = TERMOS_VERSAO;
    const anon = await t.app.inject({ method: 'POST', url: '/api/termos/aceitar', payload: { versao } });
    expect(anon.statusCode).toBe(401);
    const c = await registerAndLogin(t.app, 'cliente');
    const bad = await accept(c.auth, 'ontem');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION', message: TERMOS_M.versaoInvalida });
  });
});

describe('RGPD', () => {
  it('deleting the account deletes its acceptances', async () => {
    versao = TERMOS_VERSAO;
    const c = await registerAndLogin(t.app, 'cliente');
    const stored = async () =>
      (
        await t.db.execute<{ n: number }>(sql`
      select count(*)::int as n from termos_aceites where destinatario_tipo = 'cliente' and destinatario_id = ${c.id}`)
      ).rows[0]!.n;
    expect(await stored()).toBe(1);
    const del = await t.app.inject({ method: 'DELETE', url: '/api/cliente/delete-account', headers: c.auth, payload: { senha: 'Segura#123' } });
    expect(del.statusCode).toBe(200);
    expect(await stored()).toBe(0);
  });
});
