import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { LEAD_REPORT_NOTE_MAX } from '@tc/shared';
import { adminSession, completeWith, createTestApp, describeOnPostgres, stagedRace, projectPayload, registerAndLogin, type TestApp } from '../../test/harness';
import { grantCredits } from '../creditos/creditos.service';
import { candidaturas, clientes } from '../../db/schema';
import type { NotificationEvent } from '../notificacoes/events';
import { refundApplication } from '../creditos/refunds';

// Who is told: every event passes through notify() (which also writes it, when implemented).
const told = vi.hoisted(() => [] as NotificationEvent[]);
vi.mock('../notificacoes/notify', async (importOriginal) => {
  const real = await importOriginal<typeof import('../notificacoes/notify')>();
  return {
    ...real,
    notify: async (...args: Parameters<typeof real.notify>) => {
      told.push(args[1]);
      return real.notify(...args);
    },
    notifyAll: async (...args: Parameters<typeof real.notifyAll>) => {
      told.push(...args[1]);
      return real.notifyAll(...args);
    },
  };
});

const DAY = 24 * 60 * 60 * 1000;
let skew = 0;
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp({ clock: { now: () => new Date(Date.now() + skew) } });
  admin = await adminSession(t.app);
});
afterAll(() => t.close());
beforeEach(() => {
  told.length = 0;
  skew = 0;
});

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
const inject = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, auth?: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A project by this client, approved and priced by the admin in one step. */
async function open(c: { auth: Record<string, string> }, creditos: number) {
  const created = await inject('POST', '/api/requests/create', c.auth, projectPayload());
  const approved = await inject('PATCH', `/api/requests/${created.json().id}/aprovar`, admin.auth, { creditos });
  expect(approved.json()).toMatchObject({ status: 'ABERTO', creditos });
  return created.json().id as number;
}

async function client() {
  const c = await registerAndLogin(t.app, 'cliente', { nome: 'Cliente Leads' });
  await t.db.update(clientes).set({ emailConfirmadoEm: new Date() }).where(eq(clientes.id, c.id));
  return c;
}

/** An open project (12 credits) and `n` professionals (50 credits each before) who applied; their application ids. */
async function applied(n = 1) {
  const c = await client();
  const requestId = await open(c, 12);
  const pros: (Session & { cand: number })[] = [];
  for (let i = 0; i < n; i++) {
    const p = await registerAndLogin(t.app, 'profissional', { nome: `Profissional ${i + 1}` });
    await t.db.transaction((tx) => grantCredits(tx, p.id, 50, 'AJUSTE', { descricao: 'teste' }));
    const r = await inject('POST', '/api/creditos/usar', p.auth, { requestId });
    expect(r.statusCode).toBe(201);
    pros.push({ ...p, cand: r.json().id });
  }
  told.length = 0;
  return { c, requestId, pros };
}

const report = (p: { auth: Record<string, string>; cand: number }, body: unknown = { motivo: 'CLIENTE_NAO_RESPONDE', nota: 'Liguei 3 vezes.' }) =>
  inject('POST', `/api/candidaturas/${p.cand}/reportar`, p.auth, body);
/** What the person finds in the bell (the in-app notifications written with the event). */
const bell = async (s: { auth: Record<string, string> }) =>
  ((await inject('GET', '/api/notificacoes?pageSize=50', s.auth)).json().items as { tipo: string }[]).map((n) => n.tipo);
const balanceOf = async (p: Session) => (await inject('GET', `/api/subscriptions/credito/${p.id}`, p.auth)).json().creditosRestantes as number;
async function refundLines(p: Session) {
  const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int n from credit_ledger where profissional_id = ${p.id} and tipo = 'REEMBOLSO'`);
  return Number(rows[0].n);
}
/** Money rule: the balance is the sum of the ledger, and never below zero. */
async function ledgerMatches(p: Session) {
  const { rows } = await t.db.execute<{ saldo: number; soma: number }>(sql`
    select s.creditos_restantes as saldo, (select coalesce(sum(delta), 0)::int from credit_ledger l where l.subscription_id = s.id) as soma
    from subscriptions s where s.profissional_id = ${p.id}`);
  expect(Number(rows[0].saldo)).toBe(Number(rows[0].soma));
  expect(Number(rows[0].saldo)).toBeGreaterThanOrEqual(0);
}

describe('"Reportar contacto" (professional)', () => {
  it('reports its own application within 7 days, once; the admins are told; the application shows it', async () => {
    const {
      pros: [p],
    } = await applied();
    const r = await report(p);
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ motivo: 'CLIENTE_NAO_RESPONDE', estado: 'ABERTO' });
    expect(told).toEqual([{ tipo: 'admin_lead_reportado', reportId: r.json().id }]);
    expect(await bell(admin)).toContain('admin_lead_reportado');
    const mine = (await inject('GET', `/api/creditos/profissional/${p.id}`, p.auth)).json().items[0];
    expect(mine).toMatchObject({ id: p.cand, reembolsadoEm: null, reporte: { id: r.json().id, motivo: 'CLIENTE_NAO_RESPONDE', estado: 'ABERTO' } });

    const again = await report(p, { motivo: 'DUPLICADO' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Já reportou este contacto. A nossa equipa está a analisar o seu pedido.');
  });

  it("the note is optional; the reason, the note's length and control characters are checked, in Portuguese", async () => {
    const {
      pros: [p1, p2, p3],
    } = await applied(3);
    for (const [body, message] of [
      [{}, 'Escolha o motivo do reporte.'],
      [{ motivo: 'NAO_GOSTEI' }, 'Escolha o motivo do reporte.'],
      [{ motivo: 'DUPLICADO', nota: 'x'.repeat(LEAD_REPORT_NOTE_MAX + 1) }, `A nota tem no máximo ${LEAD_REPORT_NOTE_MAX} caracteres.`],
      [{ motivo: 'DUPLICADO', nota: 'olá\u0000' }, 'O texto contém caracteres inválidos.'],
      [{ motivo: 'DUPLICADO', nota: 42 }, 'A nota tem de ser texto.'],
    ] as const) {
      const r = await report(p1, body);
      expect(r.statusCode, JSON.stringify(body)).toBe(400);
      expect(r.json().message).toBe(message);
    }
    expect((await inject('POST', '/api/candidaturas/abc/reportar', p1.auth, { motivo: 'DUPLICADO' })).json().message).toBe('Identificador inválido.');
    expect((await report(p1, { motivo: 'CONTACTO_INVALIDO' })).statusCode).toBe(201);
    expect((await report(p2, { motivo: 'DUPLICADO', nota: '   ' })).statusCode).toBe(201);
    const list = (await inject('GET', '/api/admin/leads-reportados?pageSize=50', admin.auth)).json().items;
    expect(list.find((r: { candidaturaId: number }) => r.candidaturaId === p2.cand).nota).toBeNull();
    expect(list.find((r: { candidaturaId: number }) => r.candidaturaId === p3.cand)).toBeUndefined();
  });

  it('only the professional who applied may report it; clients, admins and anonymous callers cannot', async () => {
    const {
      c,
      pros: [p],
    } = await applied();
    const other = await registerAndLogin(t.app, 'profissional');
    const r = await report({ auth: other.auth, cand: p.cand });
    expect(r.statusCode).toBe(404);
    expect(r.json().message).toBe('Candidatura não encontrada.');
    expect((await report({ auth: c.auth, cand: p.cand })).statusCode).toBe(403);
    expect((await report({ auth: admin.auth, cand: p.cand })).statusCode).toBe(403);
    expect((await report({ auth: {}, cand: p.cand })).statusCode).toBe(401);
    expect((await report({ auth: p.auth, cand: 2147483647 })).statusCode).toBe(404);
    expect(told).toEqual([]);
  });

  it('is refused after 7 days', async () => {
    const {
      pros: [p1, p2],
    } = await applied(2);
    skew = 6 * DAY + 23 * 60 * 60 * 1000;
    expect((await report(p1)).statusCode).toBe(201);
    skew = 7 * DAY + 60_000;
    const late = await report(p2);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'REPORT_WINDOW_CLOSED', message: 'Só pode reportar um contacto nos 7 dias seguintes à candidatura.' });
  });

  it('is refused to the professional the client chose, and once the application was refunded', async () => {
    const {
      c,
      requestId,
      pros: [p1, p2],
    } = await applied(2);
    await inject('POST', `/api/requests/${requestId}/escolher`, c.auth, { profissionalId: p1.id });
    const chosen = await report(p1);
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json().message).toBe('O cliente escolheu-o para este projeto: não é possível reportar o contacto.');
    // Refunded another way (as a deletion would): nothing left to report.
    await t.db.update(candidaturas).set({ reembolsadoEm: new Date() }).where(eq(candidaturas.id, p2.cand));
    const refunded = await report(p2);
    expect(refunded.statusCode).toBe(409);
    expect(refunded.json().message).toBe('Esta candidatura já foi reembolsada.');
  });
});

describe('"Leads reportados" (admin)', () => {
  it('is for admins only', async () => {
    const {
      c,
      pros: [p],
    } = await applied();
    const id = (await report(p)).json().id;
    for (const auth of [c.auth, p.auth]) {
      expect((await inject('GET', '/api/admin/leads-reportados', auth)).statusCode).toBe(403);
      expect((await inject('PATCH', `/api/admin/leads-reportados/${id}/reembolsar`, auth)).statusCode).toBe(403);
      expect((await inject('PATCH', `/api/admin/leads-reportados/${id}/recusar`, auth)).statusCode).toBe(403);
    }
    expect((await inject('GET', '/api/admin/leads-reportados')).statusCode).toBe(401);
    expect((await inject('PATCH', `/api/admin/leads-reportados/${id}/reembolsar`)).statusCode).toBe(401);
    expect(await balanceOf(p)).toBe(38);
    expect((await inject('PATCH', '/api/admin/leads-reportados/2147483647/reembolsar', admin.auth)).json().message).toBe('Reporte não encontrado.');
    expect((await inject('PATCH', '/api/admin/leads-reportados/2147483647/recusar', admin.auth)).statusCode).toBe(404);
    expect((await inject('GET', '/api/admin/leads-reportados?page=0', admin.auth)).json().message).toBe('Página inválida.');
  });

  it('lists the reports to decide first, then newest, a page at a time, with who, what and how much', async () => {
    const {
      pros: [p1, p2, p3],
    } = await applied(3);
    const first = (await report(p1, { motivo: 'CONTACTO_INVALIDO', nota: 'Número não existe.' })).json().id;
    const second = (await report(p2)).json().id;
    const third = (await report(p3, { motivo: 'DUPLICADO' })).json().id;
    await inject('PATCH', `/api/admin/leads-reportados/${third}/recusar`, admin.auth);
    const page1 = (await inject('GET', '/api/admin/leads-reportados?pageSize=2', admin.auth)).json();
    expect(page1).toMatchObject({ page: 1, pageSize: 2, hasMore: true });
    expect(page1.items).toHaveLength(2);
    const mine = (await inject('GET', '/api/admin/leads-reportados?pageSize=50', admin.auth))
      .json()
      .items.filter((r: { id: number }) => [first, second, third].includes(r.id));
    expect(mine.map((r: { id: number }) => r.id)).toEqual([second, first, third]);
    expect(mine[1]).toMatchObject({
      motivo: 'CONTACTO_INVALIDO',
      nota: 'Número não existe.',
      estado: 'ABERTO',
      creditos: 12,
      reembolsadoEm: null,
      decididoEm: null,
      profissional: { id: p1.id, nome: 'Profissional 1', email: p1.email },
      projeto: { titulo: 'Trocar quadro elétrico', status: 'ABERTO', contato: '+351912345678', clienteNome: 'Cliente Leads' },
    });
    const all = (await inject('GET', '/api/admin/leads-reportados?pageSize=50', admin.auth)).json().items as { id: number; estado: string }[];
    const firstDecided = all.findIndex((r) => r.estado !== 'ABERTO');
    expect(all.slice(firstDecided).every((r) => r.estado !== 'ABERTO')).toBe(true);
    expect(all.find((r) => r.id === third)).toMatchObject({ estado: 'RECUSADO', decididoPorNome: 'Admin Teste' });
    // Page after page (each page's ids first, then its rows joined), the same reports, whole, in the same order.
    const paged: unknown[] = [];
    for (let p = 1; p <= all.length + 1; p++) paged.push(...(await inject('GET', `/api/admin/leads-reportados?pageSize=1&page=${p}`, admin.auth)).json().items);
    expect(paged).toEqual(all);
  });

  it('"Reembolsar": a REEMBOLSO ledger line, the balance back, the application marked, the professional told; never twice', async () => {
    const {
      requestId,
      pros: [p],
    } = await applied();
    expect(await balanceOf(p)).toBe(38);
    const id = (await report(p)).json().id;
    told.length = 0;
    const r = await inject('PATCH', `/api/admin/leads-reportados/${id}/reembolsar`, admin.auth);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id, estado: 'REEMBOLSADO', decididoPorNome: 'Admin Teste' });
    expect(r.json().reembolsadoEm).not.toBeNull();
    expect(await balanceOf(p)).toBe(50);
    const hist = (await inject('GET', `/api/creditos/historico/${p.id}`, p.auth)).json();
    expect(hist.items[0]).toMatchObject({ tipo: 'REEMBOLSO', delta: 12, saldoApos: 50, requestId });
    expect(told).toEqual([
      { tipo: 'reembolso', profissionalId: p.id, requestId, titulo: 'Trocar quadro elétrico', creditos: 12, motivo: 'Contacto reportado' },
    ]);
    expect(await bell(p)).toContain('reembolso');
    const mine = (await inject('GET', `/api/creditos/profissional/${p.id}`, p.auth)).json().items[0];
    expect(mine.reembolsadoEm).not.toBeNull();
    expect(mine.reporte.estado).toBe('REEMBOLSADO');

    const again = await inject('PATCH', `/api/admin/leads-reportados/${id}/reembolsar`, admin.auth);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este reporte já foi decidido.');
    const refuse = await inject('PATCH', `/api/admin/leads-reportados/${id}/recusar`, admin.auth);
    expect(refuse.statusCode).toBe(409);
    expect(await balanceOf(p)).toBe(50);
    expect(await refundLines(p)).toBe(1);
    await ledgerMatches(p);
  });

  it('"Recusar": no money moves, and it cannot be refunded afterwards', async () => {
    const {
      pros: [p],
    } = await applied();
    const id = (await report(p)).json().id;
    told.length = 0;
    const r = await inject('PATCH', `/api/admin/leads-reportados/${id}/recusar`, admin.auth);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ estado: 'RECUSADO', reembolsadoEm: null });
    expect((await inject('PATCH', `/api/admin/leads-reportados/${id}/reembolsar`, admin.auth)).statusCode).toBe(409);
    expect(await balanceOf(p)).toBe(38);
    expect(await refundLines(p)).toBe(0);
    expect(told).toEqual([]);
  });
});

describe('automatic refunds and the refund guard', () => {
  it('a project deleted after one lead was refunded on report refunds only the others: never twice', async () => {
    const {
      requestId,
      pros: [p1, p2],
    } = await applied(2);
    const id = (await report(p1)).json().id;
    await inject('PATCH', `/api/admin/leads-reportados/${id}/reembolsar`, admin.auth);
    told.length = 0;
    const del = await inject('DELETE', `/api/requests/delete/${requestId}`, admin.auth);
    expect(del.statusCode).toBe(200);
    expect(del.json().reembolsos).toEqual([{ profissionalId: p2.id, creditos: 12 }]);
    expect([await balanceOf(p1), await balanceOf(p2)]).toEqual([50, 50]);
    expect([await refundLines(p1), await refundLines(p2)]).toEqual([1, 1]);
    expect(told.filter((e) => e.tipo === 'projeto_fechado')).toEqual([
      { tipo: 'projeto_fechado', requestId, profissionalId: p1.id, titulo: 'Trocar quadro elétrico', reembolso: null },
      { tipo: 'projeto_fechado', requestId, profissionalId: p2.id, titulo: 'Trocar quadro elétrico', reembolso: 12 },
    ]);
    for (const p of [p1, p2]) await ledgerMatches(p);
    // The report went with the project.
    expect((await inject('PATCH', `/api/admin/leads-reportados/${id}/reembolsar`, admin.auth)).statusCode).toBe(404);
  });

  it('a report on a completed project may still be refunded (the lead was dead although the project closed)', async () => {
    const {
      c,
      requestId,
      pros: [p1, p2],
    } = await applied(2);
    await completeWith(t.app, c, requestId, p2.id);
    const id = (await report(p1)).json().id;
    expect((await inject('PATCH', `/api/admin/leads-reportados/${id}/reembolsar`, admin.auth)).statusCode).toBe(200);
    expect(await balanceOf(p1)).toBe(50);
    await ledgerMatches(p1);
  });

  it('refundApplication refunds an application once, then answers null', async () => {
    const {
      pros: [p],
    } = await applied();
    const first = await t.db.transaction((tx) => refundApplication(tx, p.cand, { now: new Date(), descricao: 'teste' }));
    expect(first).toMatchObject({ candidaturaId: p.cand, profissionalId: p.id, creditos: 12, saldo: 50 });
    expect(await t.db.transaction((tx) => refundApplication(tx, p.cand, { now: new Date(), descricao: 'teste' }))).toBeNull();
    expect(await refundLines(p)).toBe(1);
    await ledgerMatches(p);
  });
});

/** The professional's balance row, held by a staged race (stagedRace) so that the others wait for it. */
const balanceLock = (profissionalId: number) => sql`select 1 from subscriptions where profissional_id = ${profissionalId} for update`;

describeOnPostgres('refunds at the same instant', () => {
  it('a double click on "Reembolsar" refunds once: one 200, one 409, one ledger line', async () => {
    const {
      pros: [p],
    } = await applied();
    const id = (await report(p)).json().id;
    const answers = await Promise.all([1, 2, 3].map(() => inject('PATCH', `/api/admin/leads-reportados/${id}/reembolsar`, admin.auth)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await balanceOf(p)).toBe(50);
    expect(await refundLines(p)).toBe(1);
    await ledgerMatches(p);
  });

  it('the guard: two transactions refunding the same application at once credit it once', async () => {
    const {
      pros: [p],
    } = await applied();
    // Each transaction holds on after its refund, so the other runs while it is still open.
    const results = await Promise.all(
      [1, 2].map(() =>
        t.db.transaction(async (tx) => {
          const r = await refundApplication(tx, p.cand, { now: new Date(), descricao: 'teste concorrente' });
          await tx.execute(sql`select pg_sleep(0.2)`);
          return r;
        }),
      ),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(1);
    expect(await balanceOf(p)).toBe(50);
    expect(await refundLines(p)).toBe(1);
    await ledgerMatches(p);
  });

  it('a refund and a deletion meeting on the balance and the project wait for each other: no deadlock, no 500', async () => {
    const {
      requestId,
      pros: [p1],
    } = await applied(2);
    const id = (await report(p1)).json().id;
    // The staging: p1's balance held elsewhere, so the deletion holds the project's row and waits for it;
    // then the refund. Before the refund took the project's row first, it claimed the application and
    // waited for that balance too; released, the deletion took the balance and waited for the claimed
    // application: a deadlock, one of them 500.
    const [d, r] = await stagedRace(
      t.db,
      balanceLock(p1.id),
      () => inject('DELETE', `/api/requests/delete/${requestId}`, admin.auth),
      () => inject('PATCH', `/api/admin/leads-reportados/${id}/reembolsar`, admin.auth),
    );
    expect(d.statusCode).toBe(200);
    // The deletion refunded the application: the report's refund finds nothing left to refund.
    expect(r.statusCode).toBe(409);
    expect(await balanceOf(p1)).toBe(50);
    expect(await refundLines(p1)).toBe(1);
    await ledgerMatches(p1);
  });

  it('a client deleting the account while an admin refunds a lead on its completed project: they wait for each other, no 500', async () => {
    const c = await client();
    const aberto = await open(c, 12);
    const concluido = await open(c, 12);
    const p = await registerAndLogin(t.app, 'profissional', { nome: 'Profissional Reportador' });
    const outro = await registerAndLogin(t.app, 'profissional', { nome: 'Profissional Escolhido' });
    for (const x of [p, outro]) await t.db.transaction((tx) => grantCredits(tx, x.id, 50, 'AJUSTE', { descricao: 'teste' }));
    expect((await inject('POST', '/api/creditos/usar', p.auth, { requestId: aberto })).statusCode).toBe(201);
    const cand = (await inject('POST', '/api/creditos/usar', p.auth, { requestId: concluido })).json().id as number;
    expect((await inject('POST', '/api/creditos/usar', outro.auth, { requestId: concluido })).statusCode).toBe(201);
    await completeWith(t.app, c, concluido, outro.id);
    const id = (await report({ auth: p.auth, cand })).json().id;
    // The staging: p's balance held elsewhere, so the deletion (refunding the open project) waits for it;
    // then the refund. Before the deletion locked all of the client's projects first, it held that
    // balance when released and then waited for the completed project (deleted with the account),
    // which the refund had locked before waiting for the same balance: a deadlock.
    const [d, r] = await stagedRace(
      t.db,
      balanceLock(p.id),
      () => inject('DELETE', '/api/cliente/delete-account', c.auth, { senha: 'Segura#123' }),
      () => inject('PATCH', `/api/admin/leads-reportados/${id}/reembolsar`, admin.auth),
    );
    expect(d.statusCode).toBe(200);
    // The report went with the project and the account: nothing left to refund.
    expect([404, 409]).toContain(r.statusCode);
    // 50, minus 12 for each application, plus the open project's 12 back.
    expect(await balanceOf(p)).toBe(38);
    expect(await refundLines(p)).toBe(1);
    await ledgerMatches(p);
  });

  it('a professional deleting the account while an admin deletes a project he paid for: both go through, refunded once, no 503', async () => {
    const {
      requestId,
      pros: [p],
    } = await applied();
    // The staging: p's balance held elsewhere, so the project's deletion (refunding him) holds the
    // project and waits for it; then his account's deletion. Before that deletion locked his projects,
    // his balance and his applications first (in that order), it locked his row and then, through the
    // foreign keys' SET NULL, his application, and waited for the balance last: released, the project's
    // deletion took the balance and waited for that application. A deadlock, one of the two a 503.
    const [d, a] = await stagedRace(
      t.db,
      balanceLock(p.id),
      () => inject('DELETE', `/api/requests/delete/${requestId}`, admin.auth),
      () => inject('DELETE', '/api/profissional/delete-account', p.auth, { senha: 'Segura#123' }),
    );
    expect(d.statusCode).toBe(200);
    expect(a.statusCode).toBe(200);
    // Money records outlive the account: the refund is on his balance's ledger, once, and the sum holds.
    const { rows: lines } = await t.db.execute<{ n: number; saldo: number; soma: number }>(sql`
      select count(*)::int as n, max(l.saldo_apos) as saldo, (select coalesce(sum(delta), 0)::int from credit_ledger x where x.subscription_id = max(l.subscription_id)) as soma
      from credit_ledger l where l.request_id = ${requestId} and l.tipo = 'REEMBOLSO'`);
    expect(Number(lines[0].n)).toBe(1);
    expect(Number(lines[0].saldo)).toBe(50);
    expect(Number(lines[0].soma)).toBe(50);
  });

  it('a report refunded while the admin deletes the project: the application is refunded once, and neither answers 500', async () => {
    // Several rounds: which of the two takes its first lock first varies from run to run (the refund
    // used to deadlock with the deletion in about one run of four: a 500).
    for (let round = 0; round < 3; round++) {
      const {
        requestId,
        pros: [p1, p2],
      } = await applied(2);
      const id = (await report(p1)).json().id;
      const [refund, del] = await Promise.all([
        inject('PATCH', `/api/admin/leads-reportados/${id}/reembolsar`, admin.auth),
        inject('DELETE', `/api/requests/delete/${requestId}`, admin.auth),
      ]);
      expect(del.statusCode).toBe(200);
      expect([200, 404, 409]).toContain(refund.statusCode);
      expect([await balanceOf(p1), await balanceOf(p2)]).toEqual([50, 50]);
      expect([await refundLines(p1), await refundLines(p2)]).toEqual([1, 1]);
      for (const p of [p1, p2]) await ledgerMatches(p);
    }
  });
});
