import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  adminSession,
  anotherInstance,
  createTestApp,
  describeOnPostgres,
  openProject,
  projectPayload,
  registerAndLogin,
  TEST_DB,
  watchStatements,
  type TestApp,
} from '../../test/harness';
import { startSmtp } from '../../test/smtp';
import type { Clock } from '../../lib/clock';
import { adminDeliveries, notify, writeNotifications } from './notify';
import { T } from './templates';
import { nextHourlyDigest } from './schedule';
import {
  BACKOFF_SECONDS,
  DIGEST_MAX_LINES,
  drainOutbox,
  fanOutJobAlerts,
  LEASE_MS,
  BELL_RETENTION_DAYS,
  JOB_ALERT_RETENTION_DAYS,
  pruneJobAlerts,
  pruneOldBells,
  pruneSentMail,
  runOutboxOnce,
  SENT_MAIL_RETENTION_DAYS,
  SETTLE_EVERY,
  type OutboxDeps,
} from './outbox-worker';

/** The outbox worker: retries, crashed workers, restarts, several workers at once, the in-process loop. */
let offset = 0;
const clock: Clock = { now: () => new Date(Date.now() + offset) };
const moveTo = (at: Date | number | string) => {
  offset = Math.max(offset, new Date(at).getTime() - Date.now());
};
/**
 * Moves the clock to a minute after the next hour and sends what is due: a test that counts a pass's
 * mails then has no admins' hourly digest (due on the hour) turning up in the middle of it.
 */
const justAfterTheHour = async () => {
  moveTo(nextHourlyDigest(clock.now()).at.getTime() + 60_000);
  await drainOutbox(t.app.ctx);
};
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const pass = (deps: Partial<OutboxDeps> = {}) => runOutboxOnce({ ...t.app.ctx, ...deps });
const rowsFor = async (email: string) =>
  (
    await t.db.execute<{
      id: number;
      estado: string;
      tentativas: number;
      proxima_tentativa: string | Date;
      enviado_em: string | Date | null;
      erro: string | null;
    }>(sql`
    select id, estado, tentativas, proxima_tentativa, enviado_em, erro from email_outbox where email = ${email} order by id`)
  ).rows;
/**
 * A new client with `more` mails besides the sign-up's (all due at once, one address: sent in id
 * order), right after the hour so that no admins' digest joins the pass; returns the client and how
 * many lines wait.
 */
const clientWithMails = async (more: number, tag: string) => {
  await justAfterTheHour();
  const c = await registerAndLogin(t.app, 'cliente');
  for (let i = 0; i < more; i++)
    await notify(t.db, { tipo: 'confirmar_email', clienteId: c.id, link: `https://exemplo.pt/confirmar-email?${tag}=${i}` }, clock.now());
  const lines = (await rowsFor(c.email)).length;
  expect(lines).toBeGreaterThan(more);
  return { c, lines };
};
const until = async (ok: () => boolean | Promise<boolean>, ms = 5000) => {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
};

/** Another app on the same database, as a second instance or a restarted process would be. */
/**
 * Another instance on the same database. Its background worker is off unless the test turns it on:
 * left on, it claimed mails while the test counted its own pass (one sent mail short under CI load).
 */
const secondInstance = (env: Record<string, string>) => anotherInstance(t, { SMTP_URL: smtp.url, ...env }, clock);

describe(`outbox worker (${TEST_DB})`, () => {
  it('retries after an SMTP failure with growing waits, and gives up (FALHADO) after the last one', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    smtp.rejectNext(1);
    expect(await pass()).toMatchObject({ sent: 0, failed: 1 });
    let [row] = await rowsFor(c.email);
    expect(row).toMatchObject({ estado: 'PENDENTE', tentativas: 1 });
    expect(row!.erro).toContain('451');
    const wait = new Date(row!.proxima_tentativa).getTime() - clock.now().getTime();
    expect(wait).toBeGreaterThan(55_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    // Not before its time.
    expect(await pass()).toMatchObject({ lines: 0 });
    moveTo(row!.proxima_tentativa);
    expect(await pass()).toMatchObject({ sent: 1, failed: 0 });
    [row] = await rowsFor(c.email);
    expect(row).toMatchObject({ estado: 'ENVIADO', tentativas: 1, erro: null });
    expect(row!.enviado_em).not.toBeNull();
    expect(smtp.to(c.email)).toHaveLength(1);

    // Always refused: 1 min, 5 min, 30 min, 2 h, 12 h, then it stops trying.
    const d = await registerAndLogin(t.app, 'cliente');
    smtp.rejectNext(BACKOFF_SECONDS.length + 1);
    const waits: number[] = [];
    for (let i = 0; i <= BACKOFF_SECONDS.length; i++) {
      const at = clock.now().getTime();
      expect(await pass()).toMatchObject({ failed: 1 });
      [row] = await rowsFor(d.email);
      if (row!.estado === 'FALHADO') break;
      waits.push(Math.round((new Date(row!.proxima_tentativa).getTime() - at) / 60_000));
      moveTo(row!.proxima_tentativa);
    }
    expect(waits).toEqual([1, 5, 30, 120, 720]);
    expect(row).toMatchObject({ estado: 'FALHADO', tentativas: BACKOFF_SECONDS.length + 1 });
    moveTo(clock.now().getTime() + 48 * 3600_000);
    expect(await pass()).toMatchObject({ lines: 0 });
    expect(smtp.to(d.email)).toHaveLength(0);
  });

  it('each line sent is recorded with the moment its own mail went, also when several are recorded together', async () => {
    const { c, lines } = await clientWithMails(24, 's');
    // Each mail goes a minute after the one before it.
    const mailer: OutboxDeps['mailer'] = {
      kind: 'outbox',
      send: async (mail) => {
        moveTo(clock.now().getTime() + 60_000);
        await t.app.ctx.mailer.send(mail);
      },
    };
    expect(await pass({ mailer })).toMatchObject({ sent: lines, failed: 0 });
    const rows = await rowsFor(c.email);
    expect(rows.every((x) => x.estado === 'ENVIADO')).toBe(true);
    // The test's clock also runs on its own: a minute apart, give or take the time a send takes.
    const times = rows.map((x) => new Date(x.enviado_em!).getTime()).sort((a, b) => a - b);
    const gaps = times.slice(1).map((at, i) => at - times[i]!);
    expect(gaps.every((g) => g >= 60_000 && g < 65_000)).toBe(true);
  });

  it('a mail refused in the middle of a pass waits for its retry; the mails sent before and after it are recorded as sent, once', async () => {
    const { c } = await clientWithMails(13, 'r');
    const ids = (await rowsFor(c.email)).map((x) => x.id);
    // The seventh mail is refused (its lines go in id order: one person's mails keep their order).
    let n = 0;
    const mailer: OutboxDeps['mailer'] = {
      kind: 'outbox',
      send: async (mail) => {
        if (++n === 7) throw new Error('451 tente mais tarde');
        await t.app.ctx.mailer.send(mail);
      },
    };
    const before = smtp.to(c.email).length;
    expect(await pass({ mailer })).toMatchObject({ sent: ids.length - 1, failed: 1 });
    const rows = await rowsFor(c.email);
    expect(rows.filter((x) => x.estado === 'ENVIADO').map((x) => x.id)).toEqual(ids.filter((_, i) => i !== 6));
    expect(rows[6]).toMatchObject({ id: ids[6], estado: 'PENDENTE', tentativas: 1 });
    expect(rows[6]!.erro).toContain('451');
    expect(smtp.to(c.email).length - before).toBe(ids.length - 1);
    // Nothing sent is sent again; the refused one goes at its time.
    expect(await pass()).toMatchObject({ lines: 0 });
    moveTo(rows[6]!.proxima_tentativa);
    expect(await pass()).toMatchObject({ sent: 1, failed: 0 });
    expect(smtp.to(c.email).length - before).toBe(ids.length);
  });

  it('a line stored as data is rendered when sent; one whose data this build cannot read waits with the reason, the others go', async () => {
    const email = `dados.${randomBytes(4).toString('hex')}@exemplo.pt`;
    const line = (tipo: string, dados: unknown, chave: string) => sql`
      insert into email_outbox (destinatario_tipo, destinatario_id, email, tipo, dados, chave, proxima_tentativa)
      values ('cliente', 1, ${email}, ${tipo}, ${JSON.stringify(dados)}::jsonb, ${chave}, ${clock.now().toISOString()}::timestamptz)`;
    await t.db.execute(line('projeto_lotado', { titulo: 'Tomadas da cozinha', clienteId: 1, maximo: 5 }, `dados-ok-${email}`));
    await t.db.execute(line('tipo_de_outra_versao', { x: 1 }, `dados-mau-${email}`));
    // Neither text nor data: refused by the table itself.
    const refused = await t.db.execute(sql`insert into email_outbox (email, tipo, chave) values (${email}, 'projeto_lotado', ${`vazio-${email}`})`).then(
      () => null,
      (e: Error) => e,
    );
    expect(String((refused?.cause as Error | undefined)?.message)).toContain('email_outbox_texto_ou_dados');
    expect(await pass()).toMatchObject({ sent: 1, failed: 1 });
    const [mail] = smtp.to(email);
    expect(mail!.subject).toBe('O seu projeto "Tomadas da cozinha" já tem 5 candidatos');
    expect(mail!.text).toContain('chegou ao máximo de 5 candidatos');
    expect(mail!.html).toContain('/projetos/1"');
    const rows = await rowsFor(email);
    expect(rows.map((r) => r.estado)).toEqual(['ENVIADO', 'PENDENTE']);
    expect(rows[1]!.erro).toContain('sem texto nem dados legíveis (tipo_de_outra_versao)');
    // Not left for the other tests' passes to retry.
    await t.db.execute(sql`delete from email_outbox where chave = ${`dados-mau-${email}`}`);
  });

  it('a worker that died while sending: its claim runs out after 10 minutes, then the mail goes once, with the same Message-ID', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    // A worker stuck for good inside the SMTP call (a crash leaves the same trace: A_ENVIAR).
    void pass({ mailer: { kind: 'smtp', send: () => new Promise<void>(() => {}) } });
    await until(async () => (await rowsFor(c.email))[0]?.estado === 'A_ENVIAR');
    // Another worker leaves it alone while the claim lasts...
    expect(await pass()).toMatchObject({ lines: 0 });
    moveTo(clock.now().getTime() + LEASE_MS - 60_000);
    expect(await pass()).toMatchObject({ lines: 0 });
    // ...and takes it back after it.
    moveTo(clock.now().getTime() + 61_000);
    expect(await pass()).toMatchObject({ sent: 1 });
    const [row] = await rowsFor(c.email);
    expect(row).toMatchObject({ estado: 'ENVIADO' });
    const mails = smtp.to(c.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.headers['message-id']).toBe(`<outbox-${row!.id}@tecnicocerto.pt>`);
    expect(await pass()).toMatchObject({ lines: 0 });
  });

  it('a backlog is paced: each full pass takes at least minPassMs, the rest spent waiting; less than a pass never waits', async () => {
    await drainOutbox(t.app.ctx);
    const c = await registerAndLogin(t.app, 'cliente');
    for (let i = 0; i < 11; i++)
      await notify(t.db, { tipo: 'confirmar_email', clienteId: c.id, link: `https://exemplo.pt/confirmar-email?t=${i}` }, clock.now());
    const waits: number[] = [];
    const sleep = async (ms: number) => void waits.push(ms);
    // 12 mails (registration's own confirmation too) in passes of 5: 5, 5 and 2, a wait after each full
    // one for what is left of the minute (the sleep here returns at once).
    expect(await drainOutbox(t.app.ctx, { minPassMs: 60_000, sleep, batch: 5 })).toMatchObject({ sent: 12, failed: 0 });
    expect(waits).toHaveLength(2);
    for (const w of waits) {
      expect(w).toBeGreaterThan(30_000);
      expect(w).toBeLessThanOrEqual(60_000);
    }
    expect(smtp.to(c.email)).toHaveLength(12);
    waits.length = 0;
    for (let i = 0; i < 3; i++)
      await notify(t.db, { tipo: 'confirmar_email', clienteId: c.id, link: `https://exemplo.pt/confirmar-email?u=${i}` }, clock.now());
    expect(await drainOutbox(t.app.ctx, { minPassMs: 60_000, sleep, batch: 5 })).toMatchObject({ sent: 3 });
    expect(waits).toEqual([]);
  });

  it('the in-process worker paces a backlog by NOTIFICATIONS_PASS_MS, and closing does not wait for the pause', async () => {
    await drainOutbox(t.app.ctx);
    const c = await registerAndLogin(t.app, 'cliente');
    for (let i = 0; i < 60; i++)
      await notify(t.db, { tipo: 'confirmar_email', clienteId: c.id, link: `https://exemplo.pt/confirmar-email?v=${i}` }, clock.now());
    const live = await secondInstance({ NOTIFICATIONS_WORKER: 'true', NOTIFICATIONS_POLL_MS: '50', NOTIFICATIONS_PASS_MS: '60000' });
    let closed = false;
    try {
      // One full pass (50 of the 61), then the pause: nothing more for now.
      await until(() => smtp.to(c.email).length === 50, 20_000);
      await new Promise((r) => setTimeout(r, 400));
      expect(smtp.to(c.email)).toHaveLength(50);
    } finally {
      // The pause is a minute: a close that waited for it would time the test out.
      await live.close();
      closed = true;
    }
    expect(closed).toBe(true);
    expect(await drainOutbox(t.app.ctx)).toMatchObject({ sent: 11 });
    expect(smtp.to(c.email)).toHaveLength(61);
  }, 40_000);

  it('the in-process worker sends by itself, and a restarted one sends nothing twice', async () => {
    const live = await secondInstance({ NOTIFICATIONS_WORKER: 'true', NOTIFICATIONS_POLL_MS: '50' });
    try {
      const c = await registerAndLogin(t.app, 'cliente');
      await until(() => smtp.to(c.email).length === 1);
      // The receiver may have the mail a moment before the worker records it as sent.
      await until(async () => (await rowsFor(c.email))[0]?.estado === 'ENVIADO');
      expect(smtp.to(c.email)).toHaveLength(1);
    } finally {
      await live.close();
    }
    const sentBefore = smtp.inbox.length;
    const restarted = await secondInstance({ NOTIFICATIONS_WORKER: 'true', NOTIFICATIONS_POLL_MS: '50' });
    try {
      await new Promise((r) => setTimeout(r, 400));
      expect(smtp.inbox.length).toBe(sentBefore);
      // And it keeps working: a new event goes out once.
      const d = await registerAndLogin(t.app, 'cliente');
      await until(() => smtp.to(d.email).length === 1);
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.to(d.email)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
  it("sends over SMTP_CONNECTIONS connections kept open, that many mails at once, each person's mails in their order; closing ends them", async () => {
    await justAfterTheHour();
    // A provider 40 ms away: one mail at a time over a new connection each took ~5 mails a second.
    const far = await startSmtp({ delayMs: 40 });
    const app = await secondInstance({ SMTP_URL: far.url, SMTP_CONNECTIONS: '3' });
    try {
      const people = [];
      for (let p = 0; p < 4; p++) people.push(await registerAndLogin(t.app, 'cliente'));
      // One person's three mails one after the other in the queue: sent at once, they could arrive in any order.
      for (const c of people)
        for (let i = 1; i <= 3; i++)
          await notify(t.db, { tipo: 'confirmar_email', clienteId: c.id, link: `https://exemplo.pt/confirmar-email?ordem=${i}` }, clock.now());
      // Registration's own confirmation first, then the three: 16 mails in one pass.
      expect(await drainOutbox(app.ctx)).toMatchObject({ sent: 16, failed: 0 });
      expect(far.inbox).toHaveLength(16);
      for (const c of people) {
        const order = far.to(c.email).map((m) => /ordem=(\d)/.exec(m.text)?.[1] ?? '0');
        expect(order).toEqual(['0', '1', '2', '3']);
      }
      expect(far.stats.maxInFlight).toBe(3);
      expect(far.stats.maxInFlightToOne).toBe(1);
      expect(far.stats.connections).toBe(3);
      expect(far.stats.open).toBe(3);
    } finally {
      await app.close();
    }
    await until(() => far.stats.open === 0);
    await far.close();
  });
  it("a person's own news goes before job alerts queued earlier; the alerts fill the rest of the pass", async () => {
    // The admins' hourly digest is news of their own too: it would take the alert's place in the pass.
    await justAfterTheHour();
    const admin = await adminSession(t.app);
    const client = await registerAndLogin(t.app, 'cliente');
    const pros: Awaited<ReturnType<typeof registerAndLogin>>[] = [];
    for (let i = 0; i < 4; i++) pros.push(await registerAndLogin(t.app, 'profissional', { bairro: 'Beja', cidade: 'Beja' }));
    // Set-up only: the specialty of the project below.
    await t.db.execute(sql`update profissionais set especialidades = '{desentupimentos}' where id = any(${`{${pros.map((p) => p.id).join(',')}}`}::int[])`);
    const payload = projectPayload({ titulo: 'Esgoto entupido', bairro: 'Beja', cidade: 'Beja', especialidade: 'desentupimentos' });
    const created = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: client.auth, payload });
    expect(created.statusCode, created.body).toBe(201);
    await drainOutbox(t.app.ctx);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/requests/${(created.json() as { id: number }).id}/aprovar`,
      headers: admin.auth,
      payload: { creditos: 3 },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    // The worker writes the four alerts (due now); a minute later the client has news of his own.
    expect(await fanOutJobAlerts(t.app.ctx)).toBe(1);
    moveTo(clock.now().getTime() + 60_000);
    await notify(t.db, { tipo: 'confirmar_email', clienteId: client.id, link: 'https://exemplo.pt/confirmar-email?depois=1' }, clock.now());
    const mailsTo = (emails: string[]) => emails.reduce((n, e) => n + smtp.to(e).length, 0);
    const alerted = () => mailsTo(pros.map((p) => p.email));
    const clientBefore = smtp.to(client.email).length;
    const alertsBefore = alerted();
    // A pass of three: the client's two (the approval's news, then the later one), one alert.
    expect(await runOutboxOnce(t.app.ctx, { limit: 3, alertBatches: 0 })).toMatchObject({ sent: 3 });
    const news = smtp.to(client.email).slice(clientBefore);
    expect(news.map((m) => m.text.includes('depois=1'))).toEqual([false, true]);
    expect(alerted() - alertsBefore).toBe(1);
    expect(await runOutboxOnce(t.app.ctx, { limit: 10, alertBatches: 0 })).toMatchObject({ sent: 3 });
    expect(alerted() - alertsBefore).toBe(4);
  });
});

describe('job alerts: a zone told a batch at a time', () => {
  it('each batch tells the next professionals by id and moves the queue on; the last batch empties it; everyone is told once', async () => {
    const admin = await adminSession(t.app);
    const client = await registerAndLogin(t.app, 'cliente');
    const pros: Awaited<ReturnType<typeof registerAndLogin>>[] = [];
    for (let i = 0; i < 5; i++) pros.push(await registerAndLogin(t.app, 'profissional', { bairro: 'Portalegre', cidade: 'Portalegre' }));
    const ids = pros.map((p) => p.id).sort((a, b) => a - b);
    // Set-up only: the specialty of the project below.
    await t.db.execute(sql`update profissionais set especialidades = '{desentupimentos}' where id = any(${`{${ids.join(',')}}`}::int[])`);
    const payload = projectPayload({ titulo: 'Ralo entupido', bairro: 'Portalegre', cidade: 'Portalegre', especialidade: 'desentupimentos' });
    const created = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: client.auth, payload });
    expect(created.statusCode, created.body).toBe(201);
    const requestId = (created.json() as { id: number }).id;
    // Earlier tests' projects out of the queue first: this one is then the oldest queued.
    await fanOutJobAlerts(t.app.ctx, 1000);
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/requests/${requestId}/aprovar`, headers: admin.auth, payload: { creditos: 3 } });
    expect(ok.statusCode, ok.body).toBe(200);
    const told = async () =>
      (
        await t.db.execute<{ pid: number; sinos: number; mails: number }>(sql`
        select p.id pid,
          (select count(*)::int from notificacoes n where n.tipo = 'novo_projeto_na_zona' and n.destinatario_id = p.id and (n.dados->>'requestId')::int = ${requestId}) sinos,
          (select count(*)::int from email_outbox e where e.tipo = 'novo_projeto_na_zona' and e.destinatario_id = p.id and (e.dados->>'requestId')::int = ${requestId}) mails
        from profissionais p where p.id = any(${`{${ids.join(',')}}`}::int[]) order by p.id`)
      ).rows.map((r) => `${r.pid}:${r.sinos}/${r.mails}`);
    const queued = async () =>
      (await t.db.execute<{ depois_de: number }>(sql`select depois_de from job_alert_queue where request_id = ${requestId}`)).rows.map((r) =>
        Number(r.depois_de),
      );
    const expected = (n: number) => ids.map((id, i) => `${id}:${i < n ? 1 : 0}/${i < n ? 1 : 0}`);
    expect(await told()).toEqual(expected(0));
    expect(await queued()).toEqual([0]);
    expect(await fanOutJobAlerts(t.app.ctx, 1, 2)).toBe(1);
    expect(await told()).toEqual(expected(2));
    expect(await queued()).toEqual([ids[1]]);
    expect(await fanOutJobAlerts(t.app.ctx, 1, 2)).toBe(1);
    expect(await told()).toEqual(expected(4));
    expect(await queued()).toEqual([ids[3]]);
    // The fifth alone: fewer than a batch, so the zone is done and the project leaves the queue.
    expect(await fanOutJobAlerts(t.app.ctx, 5, 2)).toBe(1);
    expect(await told()).toEqual(expected(5));
    expect(await queued()).toEqual([]);
    expect(await fanOutJobAlerts(t.app.ctx, 5, 2)).toBe(0);
    expect(await told()).toEqual(expected(5));
    // The five instant e-mails go, each to its professional: the tests after this one start with none due.
    const before = pros.map((p) => smtp.to(p.email).length);
    await drainOutbox(t.app.ctx);
    expect(pros.map((p, i) => smtp.to(p.email).length - before[i]!)).toEqual([1, 1, 1, 1, 1]);
  });
});

describeOnPostgres('outbox worker: several at once', () => {
  it('a digest of more lines than one mail carries goes out in several mails, none longer than the cap, each line once', async () => {
    // An admin's hourly digest after a flood of reviews to moderate (one line each; new projects are
    // one line an hour).
    const admin = { id: 990_000 + Math.floor(Math.random() * 9_000), email: `resumo.${Date.now()}@exemplo.pt` };
    const n = DIGEST_MAX_LINES + 20;
    const now = clock.now();
    for (let i = 1; i <= n; i++) {
      const rendered = T.adminAvaliacaoPendente({ nota: 5, profissionalNome: `Projeto do resumo ${String(i).padStart(3, '0')}`, clienteNome: 'Rita' });
      const [d] = adminDeliveries([admin], `admin_avaliacao_pendente:rev${9_000_000 + i}`, rendered, now);
      await writeNotifications(t.db, [{ kind: 'admin_avaliacao_pendente', d: d! }], now);
    }
    expect(await pass()).toMatchObject({ lines: 0 });
    moveTo(nextHourlyDigest(now).at);
    await drainOutbox(t.app.ctx);
    const mails = smtp.to(admin.email);
    const lines = mails.map((m) => m.text.match(/Projeto do resumo \d{3}/g) ?? []);
    expect(mails.map((m) => m.subject)).toEqual([`Administração: ${DIGEST_MAX_LINES} novidades à sua espera`, 'Administração: 20 novidades à sua espera']);
    expect(lines.map((l) => l.length)).toEqual([DIGEST_MAX_LINES, 20]);
    expect(new Set(lines.flat()).size).toBe(n);
    const rows = await rowsFor(admin.email);
    expect(rows).toHaveLength(n);
    expect(rows.every((r) => r.estado === 'ENVIADO' || r.estado === 'AGRUPADO')).toBe(true);
  });

  it(`sent mails are recorded ${SETTLE_EVERY} to a kept (named) statement, not one each: an approval sends thousands, from the API's own process`, async () => {
    const { c, lines } = await clientWithMails(24, 'k');
    const { sent, restore } = watchStatements();
    try {
      expect(await pass()).toMatchObject({ sent: lines, failed: 0 });
    } finally {
      restore();
    }
    const settled = sent.filter((s) => /update email_outbox e set estado = case/.test(s.text));
    // Every SETTLE_EVERY mails and the rest at the end of the pass.
    expect(settled).toHaveLength(Math.ceil(lines / SETTLE_EVERY));
    expect(settled.filter((s) => !s.name)).toEqual([]);
    expect((await rowsFor(c.email)).every((x) => x.estado === 'ENVIADO')).toBe(true);
  });

  it('three workers running passes in parallel send each mail exactly once', async () => {
    const c = await registerAndLogin(t.app, 'cliente');
    for (let i = 0; i < 60; i++)
      await notify(t.db, { tipo: 'confirmar_email', clienteId: c.id, link: `https://exemplo.pt/confirmar-email?t=${i}` }, clock.now());
    const worker = async () => {
      let sent = 0;
      for (;;) {
        const r = await runOutboxOnce(t.app.ctx, { limit: 4 });
        sent += r.sent;
        if (r.lines === 0) return sent;
      }
    };
    const counts = await Promise.all([worker(), worker(), worker()]);
    // Registration's own confirmation mail is one of them.
    expect(counts.reduce((a, b) => a + b, 0)).toBe(61);
    expect(counts.filter((n) => n > 0).length).toBeGreaterThan(1);
    const ids = smtp.to(c.email).map((m) => m.headers['message-id']);
    expect(ids).toHaveLength(61);
    expect(new Set(ids).size).toBe(61);
    const rows = await rowsFor(c.email);
    expect(rows.every((r) => r.estado === 'ENVIADO')).toBe(true);
  });
});

describeOnPostgres('job alerts: several workers at once', () => {
  it('three workers writing job alerts in parallel tell each professional of the zone once per project; the approval did not wait for them', async () => {
    const admin = await adminSession(t.app);
    const client = await registerAndLogin(t.app, 'cliente');
    const pros = [];
    for (let i = 0; i < 3; i++) pros.push(await registerAndLogin(t.app, 'profissional', { bairro: 'Bragança', cidade: 'Bragança' }));
    // Set-up only: the specialty of the projects below.
    await t.db.execute(sql`update profissionais set especialidades = '{desentupimentos}' where id = any(${`{${pros.map((p) => p.id).join(',')}}`}::int[])`);
    const projects: number[] = [];
    for (let i = 0; i < 8; i++) {
      const payload = projectPayload({ titulo: `Cano entupido ${i}`, bairro: 'Bragança', cidade: 'Bragança', especialidade: 'desentupimentos' });
      const created = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: client.auth, payload });
      expect(created.statusCode, created.body).toBe(201);
      const id = (created.json() as { id: number }).id;
      const ok = await t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/aprovar`, headers: admin.auth, payload: { creditos: 3 } });
      expect(ok.statusCode, ok.body).toBe(200);
      projects.push(id);
    }
    const bells = async () =>
      (
        await t.db.execute<{ pid: number; rid: number; n: number }>(sql`
        select destinatario_id pid, (dados->>'requestId')::int rid, count(*)::int n from notificacoes
        where tipo = 'novo_projeto_na_zona' and (dados->>'requestId')::int = any(${`{${projects.join(',')}}`}::int[]) group by 1, 2`)
      ).rows;
    expect(await bells()).toEqual([]);
    const worker = async () => {
      let n = 0;
      // Batches of two: each project's three professionals take two transactions, maybe two workers.
      while ((await fanOutJobAlerts(t.app.ctx, 1, 2)) > 0) n++;
      return n;
    };
    const counts = await Promise.all([worker(), worker(), worker()]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(projects.length * 2);
    const written = await bells();
    expect(written).toHaveLength(projects.length * pros.length);
    expect(written.every((r) => Number(r.n) === 1)).toBe(true);
    const mails = await t.db.execute<{ n: number }>(sql`
      select count(*)::int n from email_outbox where tipo = 'novo_projeto_na_zona' and (dados->>'requestId')::int = any(${`{${projects.join(',')}}`}::int[])`);
    expect(Number(mails.rows[0]!.n)).toBe(projects.length * pros.length);
    expect(await t.db.execute(sql`select 1 from job_alert_queue`).then((r) => r.rows)).toEqual([]);
  });
});

describeOnPostgres('job alerts: the plan of a batch', () => {
  it("walks the district's professionals in id order from the last one told, from one index alone: no bitmap of the specialty, no sort (migration 0038)", async () => {
    const pro = await registerAndLogin(t.app, 'profissional', { bairro: 'Évora', cidade: 'Évora' });
    // Set-up only: the specialty of the project below.
    await t.db.execute(sql`update profissionais set especialidades = '{desentupimentos}' where id = ${pro.id}`);
    const admin = await adminSession(t.app);
    const client = await registerAndLogin(t.app, 'cliente');
    const payload = projectPayload({ titulo: 'Cano entupido', bairro: 'Évora', cidade: 'Évora', especialidade: 'desentupimentos' });
    const created = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: client.auth, payload });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const ok = await t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/aprovar`, headers: admin.auth, payload: { creditos: 3 } });
    expect(ok.statusCode, ok.body).toBe(200);
    // The batch's statement and its values, as the worker sends them.
    const { sent, restore } = watchStatements();
    try {
      // Every queued project's alerts (earlier tests' too), a batch each.
      while ((await fanOutJobAlerts(t.app.ctx, 1)) > 0);
    } finally {
      restore();
    }
    const batch = sent.find((s) => /with dest as materialized/.test(s.text) && s.values.includes('Évora'));
    expect(batch, 'the batch of job alerts for Évora').toBeDefined();
    const told = await t.db.execute<{ n: number }>(
      sql`select count(*)::int n from notificacoes where destinatario_id = ${pro.id} and tipo = 'novo_projeto_na_zona'`,
    );
    expect(Number(told.rows[0]!.n)).toBe(1);
    // Its plan with the alternatives priced out (a scan of the table, a sort), the pages all-visible as autovacuum keeps them.
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    await pool.query('VACUUM ANALYZE profissionais');
    const c = await pool.connect();
    type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] };
    const planNodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(planNodes)];
    let nodes: PlanNode[];
    try {
      await c.query('begin');
      await c.query('set local enable_seqscan = off');
      await c.query('set local enable_sort = off');
      const { rows } = await c.query(`EXPLAIN (FORMAT JSON) ${batch!.text}`, batch!.values);
      await c.query('rollback');
      nodes = planNodes((rows[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan);
    } finally {
      c.release();
    }
    const onPros = nodes.filter((n) => n['Relation Name'] === 'profissionais' || n['Index Name']?.startsWith('profissionais_'));
    expect(onPros.map((n) => [n['Node Type'], n['Index Name']])).toEqual([['Index Only Scan', 'profissionais_bairro_id_idx']]);
    expect(nodes.filter((n) => n['Node Type'].includes('Sort'))).toEqual([]);
  });
});

describe('the sent-mail log', () => {
  it(`sent, merged and abandoned mails are deleted ${SENT_MAIL_RETENTION_DAYS} days after; waiting ones and newer ones stay`, async () => {
    // A database of its own: the clean-up walks the ids in order (they grow with time), and the lines
    // below are back-dated, which the other tests' newer lines would put out of order.
    const own = await createTestApp({ clock, env: { SMTP_URL: smtp.url } });
    onTestFinished(() => own.close());
    const day = 86_400_000;
    const tag = randomBytes(4).toString('hex');
    const line = (name: string, estado: string, ageDays: number) => sql`
      insert into email_outbox (email, tipo, assunto, texto, html, chave, estado, criado_em)
      values (${`${name}.${tag}@exemplo.pt`}, 'teste', 'Assunto', 'Texto', '<p>Texto</p>', ${`prune:${tag}:${name}`}, ${estado},
        ${new Date(clock.now().getTime() - ageDays * day).toISOString()}::timestamptz)`;
    for (const [name, estado, age] of [
      ['enviado-velho', 'ENVIADO', SENT_MAIL_RETENTION_DAYS + 5],
      ['agrupado-velho', 'AGRUPADO', SENT_MAIL_RETENTION_DAYS + 4],
      ['falhado-velho', 'FALHADO', SENT_MAIL_RETENTION_DAYS + 3],
      ['pendente-velho', 'PENDENTE', SENT_MAIL_RETENTION_DAYS + 2],
      ['enviado-novo', 'ENVIADO', SENT_MAIL_RETENTION_DAYS - 1],
    ] as const)
      await own.db.execute(line(name, estado, age));
    const left = async () =>
      (await own.db.execute<{ email: string }>(sql`select email from email_outbox where chave like ${`prune:${tag}:%`} order by id`)).rows.map(
        (r) => r.email.split('.')[0],
      );
    // A batch at a time, oldest first.
    expect(await pruneSentMail(own.app.ctx, 2)).toBe(2);
    expect(await left()).toEqual(['falhado-velho', 'pendente-velho', 'enviado-novo']);
    // The worker's pass does the rest (with its look for crashed workers' leftovers); the pending one is
    // still sent, after the clean-up.
    await drainOutbox(own.app.ctx);
    expect(await left()).toEqual(['pendente-velho', 'enviado-novo']);
    expect(smtp.to(`pendente-velho.${tag}@exemplo.pt`)).toHaveLength(1);
    // Counted from when the mail was written: sent now, it is already past the retention.
    expect(await pruneSentMail(own.app.ctx)).toBe(1);
    expect(await left()).toEqual(['enviado-novo']);
    expect(await pruneSentMail(own.app.ctx)).toBe(0);
  });
});

describe("the bell's old notifications", () => {
  it(`are deleted ${BELL_RETENTION_DAYS} days after they were written, read or not, a batch at a time; newer ones stay`, async () => {
    // A database of its own, as above: the ids must grow with the back-dated times.
    const own = await createTestApp({ clock, env: { SMTP_URL: smtp.url } });
    onTestFinished(() => own.close());
    const pro = await registerAndLogin(own.app, 'profissional', { nome: 'Rui Sineta' });
    const day = 86_400_000;
    const bell = (titulo: string, ageDays: number, lida: boolean) => sql`
      insert into notificacoes (destinatario_tipo, destinatario_id, tipo, titulo, corpo, link, lida_em, criado_em)
      values ('profissional', ${pro.id}, 'nao_escolhido', ${titulo}, 'Corpo', '/areadoprofissional/chamados-agendados',
        ${lida ? clock.now().toISOString() : null}::timestamptz, ${new Date(clock.now().getTime() - ageDays * day).toISOString()}::timestamptz)`;
    for (const [titulo, age, lida] of [
      ['velha-1', BELL_RETENTION_DAYS + 30, true],
      ['velha-2', BELL_RETENTION_DAYS + 20, false],
      ['velha-3', BELL_RETENTION_DAYS + 1, false],
      ['recente', BELL_RETENTION_DAYS - 1, false],
      ['hoje', 0, false],
    ] as const)
      await own.db.execute(bell(titulo, age, lida));
    const seen = async () => {
      const r = await own.app.inject({ method: 'GET', url: '/api/notificacoes?pageSize=50', headers: pro.auth });
      expect(r.statusCode, r.body).toBe(200);
      return (r.json() as { items: { titulo: string }[] }).items.map((x) => x.titulo).sort();
    };
    expect(await seen()).toEqual(['hoje', 'recente', 'velha-1', 'velha-2', 'velha-3']);
    // One batch of two, oldest first.
    expect(await pruneOldBells(own.app.ctx, 2, 1)).toBe(2);
    expect(await seen()).toEqual(['hoje', 'recente', 'velha-3']);
    // The worker's pass (with its once-a-minute clean-up) does the rest.
    await drainOutbox(own.app.ctx);
    expect(await seen()).toEqual(['hoje', 'recente']);
    const unread = await own.app.inject({ method: 'GET', url: '/api/notificacoes/por-ler', headers: pro.auth });
    expect(unread.json()).toMatchObject({ total: 2 });
    expect(await pruneOldBells(own.app.ctx)).toBe(0);
  });
});

describe('job alerts ("Novo projeto na sua zona")', () => {
  it(`are deleted ${JOB_ALERT_RETENTION_DAYS} days after they were written, bell and sent e-mail, a batch at a time; newer alerts and other kinds stay`, async () => {
    // A database and a clock of its own: this one jumps a week ahead.
    let ahead = 0;
    const own = await createTestApp({ clock: { now: () => new Date(Date.now() + ahead) }, env: { SMTP_URL: smtp.url } });
    onTestFinished(() => own.close());
    const day = 86_400_000;
    const admin = await adminSession(own.app);
    const client = await registerAndLogin(own.app, 'cliente');
    const pros = [await registerAndLogin(own.app, 'profissional'), await registerAndLogin(own.app, 'profissional')];
    // Set-up only: both take the test project's specialty in its district (Lisboa).
    await own.db.execute(
      sql`update profissionais set especialidades = '{substituicao-quadros-eletricos}' where id = any(${`{${pros.map((p) => p.id).join(',')}}`}::int[])`,
    );
    const old = await openProject(own.app, client, admin);
    await drainOutbox(own.app.ctx);
    ahead = (JOB_ALERT_RETENTION_DAYS - 1) * day;
    const recent = await openProject(own.app, client, admin);
    await drainOutbox(own.app.ctx);
    const alerts = async () => ({
      mails: (await own.db.execute<{ chave: string }>(sql`select chave from email_outbox where tipo = 'novo_projeto_na_zona' order by chave`)).rows.map(
        (r) => r.chave,
      ),
      bells: await Promise.all(
        pros.map(async (p) => {
          const r = await own.app.inject({ method: 'GET', url: '/api/notificacoes?pageSize=50', headers: p.auth });
          expect(r.statusCode, r.body).toBe(200);
          return (r.json() as { items: { tipo: string; link: string }[] }).items.filter((x) => x.tipo === 'novo_projeto_na_zona').map((x) => x.link);
        }),
      ),
    });
    const link = (id: number) => expect.stringContaining(String(id));
    const keys = (ids: number[]) => ids.flatMap((r) => pros.map((p) => `novo_projeto_na_zona:r${r}:p${p.id}`)).sort();
    const both = await alerts();
    expect(both.mails).toEqual(keys([old, recent]));
    expect(both.bells).toEqual([
      [link(recent), link(old)],
      [link(recent), link(old)],
    ]);
    expect(smtp.to(pros[0]!.email)).toHaveLength(2);
    // Six days on, nothing is old enough.
    expect(await pruneJobAlerts(own.app.ctx)).toBe(0);
    // A week and a day after the first: a batch of one, then the worker's pass does the rest.
    ahead = (JOB_ALERT_RETENTION_DAYS + 1) * day;
    expect(await pruneJobAlerts(own.app.ctx, 1, 1)).toBe(2); // one bell row and one e-mail
    await drainOutbox(own.app.ctx);
    const left = await alerts();
    expect(left.mails).toEqual(keys([recent]));
    expect(left.bells).toEqual([[link(recent)], [link(recent)]]);
    // The client's news of the same old project (another kind) is kept its 90 days.
    const kept = await own.db.execute<{ n: number }>(sql`
      select (select count(*) from email_outbox where tipo = 'projeto_aprovado')::int + (select count(*) from notificacoes where tipo = 'projeto_aprovado')::int as n`);
    expect(Number(kept.rows[0]!.n)).toBe(4);
    expect(await pruneJobAlerts(own.app.ctx)).toBe(0);
  });
});
