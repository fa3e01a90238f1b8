import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { EMAIL_CONFIRMATION_TEXTS as T } from '@tc/shared';
import type { Clock } from '../../lib/clock';
import { adminSession, confirmClientEmail, createTestApp, projectPayload, registerAndLogin, TEST_DB, type TestApp } from '../../test/harness';
import type { NotificationEvent } from '../notificacoes/events';
import { projetoPendenteKey } from '../notificacoes/notify';
import { RESEND_PER_HOUR } from './email-confirmation.routes';

// Every event the code announces, in order (the real notify still runs: the outbox gets the mail).
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

const DAY = 24 * 3600 * 1000;
let offset = 0;
const clock: Clock = { now: () => new Date(Date.now() + offset) };
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp({ clock, env: { PUBLIC_URL: 'https://tecnicocerto.exemplo/' } });
  admin = await adminSession(t.app);
});
afterAll(() => t.close());
beforeEach(() => {
  offset = 0;
  events.length = 0;
});

const linksFor = (clienteId: number) =>
  events
    .filter((e): e is Extract<NotificationEvent, { tipo: 'confirmar_email' }> => e.tipo === 'confirmar_email' && e.clienteId === clienteId)
    .map((e) => e.link);
const tokenOf = (link: string) => new URL(link).searchParams.get('t')!;
const confirm = (t_: string, method: 'GET' | 'POST' = 'POST') => t.app.inject({ method, url: `/api/cliente/confirmar-email?t=${encodeURIComponent(t_)}` });
const account = async (c: { email: string; auth: Record<string, string> }) =>
  (await t.app.inject({ method: 'GET', url: `/api/cliente/account/${encodeURIComponent(c.email)}`, headers: c.auth })).json();
const publish = async (c: { auth: Record<string, string> }, titulo: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: projectPayload({ titulo }) });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; status: string };
};
/** How many times this admin was told of new projects in the clock's hour (one line an hour at most: notify.ts). */
const announcedThisHour = async () => {
  const { rows } = await t.db.execute<{ n: number }>(sql`
    select count(*)::int as n from email_outbox where chave = ${`${projetoPendenteKey(clock.now())}:a${admin.id}`}`);
  return Number(rows[0].n);
};

describe(`client e-mail confirmation (${TEST_DB})`, () => {
  it('sign-up mails an absolute signed link (PUBLIC_URL); it confirms once, then answers "already confirmed"', async () => {
    const c = await registerAndLogin(t.app, 'cliente', {}, { confirmar: false });
    const [link] = linksFor(c.id);
    expect(link).toMatch(/^https:\/\/tecnicocerto\.exemplo\/confirmar-email\?t=\d+\.\d+\.[\w-]{43}$/);
    expect(await account(c)).toMatchObject({ emailConfirmado: false });

    const first = await confirm(tokenOf(link!));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ email: c.email, jaConfirmado: false });
    expect(await account(c)).toMatchObject({ emailConfirmado: true });

    const again = await confirm(tokenOf(link!), 'GET');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...first.json(), jaConfirmado: true });
  });

  it('the harness confirms by opening the link of the mail in the outbox', async () => {
    const c = await registerAndLogin(t.app, 'cliente', {}, { confirmar: false });
    const link = await confirmClientEmail(t.app, c.id);
    expect(link).toBe(linksFor(c.id)[0]);
    expect(await account(c)).toMatchObject({ emailConfirmado: true });
  });

  it('refuses a forged, altered, foreign or expired link in pt-PT, and confirms nothing', async () => {
    const c = await registerAndLogin(t.app, 'cliente', {}, { confirmar: false });
    const other = await registerAndLogin(t.app, 'cliente', {}, { confirmar: false });
    const token = tokenOf(linksFor(c.id)[0]!);
    const [id, exp, sig] = token.split('.');
    const flip = (s: string) => (s[0] === 'A' ? 'B' : 'A') + s.slice(1);
    for (const forged of [
      `${id}.${exp}.${flip(sig!)}`, // signature altered
      `${id}.${Number(exp) + 3600}.${sig}`, // expiry pushed back
      `${other.id}.${exp}.${sig}`, // someone else's account
      'abc',
      `${id}.${exp}`,
      `${id}.${exp}.${sig}.x`,
    ]) {
      const res = await confirm(forged);
      expect(res.statusCode, forged).toBe(400);
      expect(res.json()).toEqual({ code: 'CONFIRMATION_INVALID', message: T.linkInvalido });
    }
    expect((await confirm('')).statusCode).toBe(400);

    offset = 8 * DAY;
    const late = await confirm(token);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ code: 'CONFIRMATION_EXPIRED', message: T.linkExpirado });
    expect(await account(c)).toMatchObject({ emailConfirmado: false });
  });

  it('a project of an unconfirmed client waits: listed with "E-mail por confirmar", approval refused, queued once confirmed', async () => {
    // An hour no other test published in.
    offset = 40 * DAY;
    const c = await registerAndLogin(t.app, 'cliente', {}, { confirmar: false });
    const token = tokenOf(linksFor(c.id)[0]!);
    const p = await publish(c, 'Projeto à espera do e-mail');
    expect(p.status).toBe('ESPERA');
    expect(await announcedThisHour()).toBe(0);

    const list = await t.app.inject({ method: 'GET', url: '/api/requests/all?status=ESPERA&q=espera do e-mail', headers: admin.auth });
    expect(list.json().items[0]).toMatchObject({ id: p.id, cliente: { email: c.email, emailConfirmado: false } });

    const refused = await t.app.inject({ method: 'PATCH', url: `/api/requests/${p.id}/aprovar`, headers: admin.auth, payload: { creditos: 5 } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'EMAIL_NOT_CONFIRMED', message: T.adminRecusa });
    expect((await t.app.inject({ method: 'GET', url: `/api/requests/${p.id}`, headers: admin.auth })).json()).toMatchObject({
      status: 'ESPERA',
      creditos: null,
    });

    expect((await confirm(token)).statusCode).toBe(200);
    expect(events.filter((e) => e.tipo === 'admin_projeto_pendente')).toEqual([{ tipo: 'admin_projeto_pendente', requestId: p.id }]);
    expect(await announcedThisHour()).toBe(1);
    await confirm(token); // again: nothing new
    expect(await announcedThisHour()).toBe(1);
    expect(events.filter((e) => e.tipo === 'admin_projeto_pendente')).toHaveLength(1);

    const later = await t.app.inject({ method: 'GET', url: '/api/requests/all?status=ESPERA&q=espera do e-mail', headers: admin.auth });
    expect(later.json().items[0]).toMatchObject({ cliente: { emailConfirmado: true } });
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/requests/${p.id}/aprovar`, headers: admin.auth, payload: { creditos: 5 } });
    expect(ok.statusCode).toBe(200);

    // A confirmed client's next project goes straight to the queue: told in the next hour's news.
    offset += 3600_000;
    expect(await announcedThisHour()).toBe(0);
    const next = await publish(c, 'Segundo projeto');
    expect(next.status).toBe('ESPERA');
    expect(await announcedThisHour()).toBe(1);
  });

  it('"Reenviar e-mail de confirmação": a fresh link, limited per account, refused once confirmed', async () => {
    const c = await registerAndLogin(t.app, 'cliente', {}, { confirmar: false });
    const resend = () => t.app.inject({ method: 'POST', url: '/api/cliente/reenviar-confirmacao', headers: c.auth });
    expect((await t.app.inject({ method: 'POST', url: '/api/cliente/reenviar-confirmacao' })).statusCode).toBe(401);
    offset = 2000; // another second: another link
    const r = await resend();
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ message: T.reenviado, email: c.email });
    const links = linksFor(c.id);
    expect(links).toHaveLength(2);
    expect(links[1]).not.toBe(links[0]);
    for (let i = 1; i < RESEND_PER_HOUR; i++) expect((await resend()).statusCode).toBe(200);
    const limited = await resend();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(T.reenvioLimite);

    expect((await confirm(tokenOf(links[1]!))).statusCode).toBe(200);
    offset = 2 * 3600 * 1000; // the hour has passed
    const done = await t.app.inject({ method: 'POST', url: '/api/cliente/reenviar-confirmacao', headers: c.auth });
    expect(done.statusCode).toBe(409);
    const pro = await registerAndLogin(t.app, 'profissional');
    expect((await t.app.inject({ method: 'POST', url: '/api/cliente/reenviar-confirmacao', headers: pro.auth })).statusCode).toBe(403);
  });

  it('changing the e-mail in Minha Conta un-confirms it, mails a link to the new address; the old link stops working', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    const oldToken = tokenOf(linksFor(c.id)[0]!);
    events.length = 0;
    const novo = `novo.${c.id}@exemplo.pt`;
    const form = new FormData();
    for (const [k, v] of Object.entries({ id: String(c.id), nome: 'Teste Cliente', email: novo, senhaAtual: 'Segura#123' })) form.append(k, v);
    const req = new Request('http://x', { method: 'PUT', body: form });
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/cliente/edit-profile',
      headers: { ...c.auth, 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: novo, emailConfirmado: false });
    const [link] = linksFor(c.id);
    expect(link).toBeDefined();
    expect((await confirm(oldToken)).json().code).toBe('CONFIRMATION_INVALID');
    expect((await confirm(tokenOf(link!))).json()).toMatchObject({ email: novo, jaConfirmado: false });
  });

  it("the admin's client list says whose e-mail is confirmed", async () => {
    const yes = await registerAndLogin(t.app, 'cliente', { nome: 'Clara Confirmada' });
    const no = await registerAndLogin(t.app, 'cliente', { nome: 'Nuno Pendente' }, { confirmar: false });
    const list = (await t.app.inject({ method: 'GET', url: '/api/cliente/see-all?pageSize=50', headers: admin.auth })).json();
    const find = (id: number) => list.items.find((i: { id: number }) => i.id === id);
    expect(find(yes.id)).toMatchObject({ emailConfirmado: true });
    expect(find(no.id)).toMatchObject({ emailConfirmado: false, emailConfirmadoEm: null });
  });
});
