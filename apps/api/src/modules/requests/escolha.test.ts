import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminSession, completeWith, createTestApp, projectPayload, registerAndLogin, type TestApp } from '../../test/harness';
import { grantCredits } from '../creditos/creditos.service';
import { clientes, profissionais } from '../../db/schema';
import type { NotificationEvent } from '../notificacoes/events';

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

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app);
});
afterAll(() => t.close());
beforeEach(() => {
  told.length = 0;
});

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
const inject = (method: 'GET' | 'POST' | 'PATCH', url: string, auth?: Record<string, string>, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A project by this client, approved and priced by the admin in one step. */
async function open(c: { auth: Record<string, string> }, creditos: number) {
  const created = await inject('POST', '/api/requests/create', c.auth, projectPayload());
  const approved = await inject('PATCH', `/api/requests/${created.json().id}/aprovar`, admin.auth, { creditos });
  expect(approved.json()).toMatchObject({ status: 'ABERTO', creditos });
  return created.json().id as number;
}

async function client(nome = 'Cliente Escolha') {
  const c = await registerAndLogin(t.app, 'cliente', { nome });
  // Projects go to approval only once the e-mail is confirmed.
  await t.db.update(clientes).set({ emailConfirmadoEm: new Date() }).where(eq(clientes.id, c.id));
  return c;
}

/** A client's open project (10 credits) and `n` professionals who applied to it. */
async function projectWithApplicants(n: number) {
  const c = await client();
  const id = await open(c, 10);
  const pros: Session[] = [];
  for (let i = 0; i < n; i++) {
    const p = await registerAndLogin(t.app, 'profissional', { nome: `Profissional ${i + 1}` });
    await t.db.transaction((tx) => grantCredits(tx, p.id, 30, 'AJUSTE', { descricao: 'teste' }));
    const r = await inject('POST', '/api/creditos/usar', p.auth, { requestId: id });
    expect(r.statusCode).toBe(201);
    pros.push(p);
  }
  told.length = 0;
  return { c, id, pros };
}

const balanceOf = async (p: Session) => (await inject('GET', `/api/subscriptions/credito/${p.id}`, p.auth)).json().creditosRestantes as number;
/** Money rule: the balance is the sum of the ledger. */
async function ledgerMatches(p: Session) {
  const { rows } = await t.db.execute<{ saldo: number; soma: number }>(sql`
    select s.creditos_restantes as saldo, (select coalesce(sum(delta), 0)::int from credit_ledger l where l.subscription_id = s.id) as soma
    from subscriptions s where s.profissional_id = ${p.id}`);
  expect(Number(rows[0].saldo)).toBe(Number(rows[0].soma));
}
const eventsOf = (tipo: NotificationEvent['tipo']) => told.filter((e) => e.tipo === tipo);
/** What the person finds in the bell (the in-app notifications written with the event). */
const bell = async (s: Session) => ((await inject('GET', '/api/notificacoes?pageSize=50', s.auth)).json().items as { tipo: string }[]).map((n) => n.tipo);
/** The bell's lines of one kind, as the person reads them (rendered from stored data or text). */
const lines = async (s: Session, tipo: string) =>
  ((await inject('GET', '/api/notificacoes?pageSize=50', s.auth)).json().items as { tipo: string; titulo: string; corpo: string }[])
    .filter((n) => n.tipo === tipo)
    .map((n) => `${n.titulo}: ${n.corpo}`);
/** E-mails queued for this professional about this project, by kind. */
const mails = async (id: number, p: Session) =>
  (
    await t.db.execute<{ tipo: string }>(sql`
      select tipo from email_outbox where chave in (${`escolhido:r${id}:p${p.id}`}, ${`nao_escolhido:r${id}:p${p.id}`}) order by tipo`)
  ).rows.map((r) => r.tipo);
const TITULO = projectPayload().titulo;
const CHOSEN = `Foi escolhido!: Cliente Escolha escolheu-o para "${TITULO}".`;
const NOT_CHOSEN = `Outro profissional escolhido: O cliente de "${TITULO}" escolheu outro profissional.`;
const CLOSED = `Projeto fechado: "${TITULO}" foi fechado ou removido.`;

describe('the applicants of a project', () => {
  it('lists name, rating, "Verificado" and which one was chosen, only to the owner (and admins)', async () => {
    const { c, id, pros } = await projectWithApplicants(2);
    await t.db.update(profissionais).set({ verificacao: 'VERIFICADO', notaMedia: 4.5, totalAvaliacoes: 2 }).where(eq(profissionais.id, pros[1].id));
    const list = await inject('GET', `/api/requests/${id}/profissionais`, c.auth);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject([
      { id: pros[0].id, nome: 'Profissional 1', verificado: false, notaMedia: null, totalAvaliacoes: 0, escolhido: false },
      { id: pros[1].id, nome: 'Profissional 2', verificado: true, notaMedia: 4.5, totalAvaliacoes: 2, escolhido: false },
    ]);
    expect(JSON.stringify(list.json())).not.toContain('@');
    expect((await inject('GET', `/api/requests/${id}/profissionais`, admin.auth)).statusCode).toBe(200);
    const other = await client('Outro');
    expect((await inject('GET', `/api/requests/${id}/profissionais`, other.auth)).statusCode).toBe(404);
    expect((await inject('GET', `/api/requests/${id}/profissionais`, pros[0].auth)).statusCode).toBe(403);
    expect((await inject('GET', `/api/requests/${id}/profissionais`)).statusCode).toBe(401);
    expect((await inject('GET', '/api/requests/999999/profissionais', admin.auth)).statusCode).toBe(404);

    // An applicant whose account was deleted (the application keeps no professional) is left out.
    await t.db.execute(sql`update candidaturas set profissional_id = null where request_id = ${id} and profissional_id = ${pros[0].id}`);
    expect((await inject('GET', `/api/requests/${id}/profissionais`, c.auth)).json()).toMatchObject([{ id: pros[1].id }]);
    // A project nobody applied to yet: an empty list, for its owner only.
    const empty = await projectWithApplicants(0);
    expect((await inject('GET', `/api/requests/${empty.id}/profissionais`, empty.c.auth)).json()).toEqual([]);
    expect((await inject('GET', `/api/requests/${empty.id}/profissionais`, other.auth)).statusCode).toBe(404);
  });
});

describe('"Escolhi este profissional"', () => {
  it('the owner picks an applicant; the chosen one and the others are told; the choice may change until completion', async () => {
    const {
      c,
      id,
      pros: [p1, p2, p3],
    } = await projectWithApplicants(3);
    const r = await inject('POST', `/api/requests/${id}/escolher`, c.auth, { profissionalId: p1.id });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ id, escolhidoId: p1.id });
    // What each one reads in the bell, and the e-mails queued (one statement writes both).
    const heard = async () => Promise.all([p1, p2, p3].map(async (p) => [await lines(p, 'escolhido'), await lines(p, 'nao_escolhido'), await mails(id, p)]));
    expect(await heard()).toEqual([
      [[CHOSEN], [], ['escolhido']],
      [[], [NOT_CHOSEN], ['nao_escolhido']],
      [[], [NOT_CHOSEN], ['nao_escolhido']],
    ]);
    expect((await inject('GET', `/api/requests/${id}`, c.auth)).json().escolhidoId).toBe(p1.id);
    const applicants = (await inject('GET', `/api/requests/${id}/profissionais`, c.auth)).json();
    expect(applicants.map((a: { escolhido: boolean }) => a.escolhido)).toEqual([true, false, false]);
    // Whom the client chose is not shown to professionals.
    expect((await inject('GET', `/api/requests/${id}`, p2.auth)).json().escolhidoId).toBeUndefined();

    // Changing the choice: the new one is told, and the one chosen before; the others heard already.
    expect((await inject('POST', `/api/requests/${id}/escolher`, c.auth, { profissionalId: p2.id })).statusCode).toBe(200);
    const afterChange = [
      [[CHOSEN], [NOT_CHOSEN], ['escolhido', 'nao_escolhido']],
      [[CHOSEN], [NOT_CHOSEN], ['escolhido', 'nao_escolhido']],
      [[], [NOT_CHOSEN], ['nao_escolhido']],
    ];
    expect(await heard()).toEqual(afterChange);
    // The same choice again changes nothing and tells nobody.
    const again = await inject('POST', `/api/requests/${id}/escolher`, c.auth, { profissionalId: p2.id });
    expect(again.json()).toMatchObject({ id, escolhidoId: p2.id });
    expect(await heard()).toEqual(afterChange);

    // Completed: the choice is final.
    await completeWith(t.app, c, id, p2.id);
    const late = await inject('POST', `/api/requests/${id}/escolher`, c.auth, { profissionalId: p3.id });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('O projeto já está concluído: a escolha já não pode ser alterada.');
  });

  it('a choice at the same time as the completion never changes the choice of a completed project', async () => {
    // On PostgreSQL both run at once. The choice locks the project first: it then either comes before
    // the completion (which names p1 and has the last word) or sees the project completed (409).
    // Without the lock it changed the completed project's choice to p2 after answering 200.
    for (let round = 0; round < 5; round++) {
      const {
        c,
        id,
        pros: [p1, p2],
      } = await projectWithApplicants(2);
      const [done, chose] = await Promise.all([
        inject('PATCH', `/api/requests/${id}/concluir`, c.auth, { profissionalId: p1.id }),
        inject('POST', `/api/requests/${id}/escolher`, c.auth, { profissionalId: p2.id }),
      ]);
      expect(done.statusCode).toBe(200);
      expect([200, 409]).toContain(chose.statusCode);
      expect((await inject('GET', `/api/requests/${id}`, c.auth)).json()).toMatchObject({ status: 'CONCLUIDO', escolhidoId: p1.id });
    }
  });

  it('once someone is chosen, the job leaves job search and nobody else can pay for it', async () => {
    const {
      c,
      id,
      pros: [p1],
    } = await projectWithApplicants(1);
    const late = await registerAndLogin(t.app, 'profissional');
    await t.db.transaction((tx) => grantCredits(tx, late.id, 30, 'AJUSTE', { descricao: 'teste' }));
    const listed = async () => (await inject('GET', '/api/requests/disponiveis?pageSize=50', late.auth)).json().items.map((r: { id: number }) => r.id);
    expect(await listed()).toContain(id);
    await inject('POST', `/api/requests/${id}/escolher`, c.auth, { profissionalId: p1.id });
    expect(await listed()).not.toContain(id);
    const apply = await inject('POST', '/api/creditos/usar', late.auth, { requestId: id });
    expect(apply.statusCode).toBe(409);
    expect(apply.json().message).toBe('O cliente já escolheu um profissional para este projeto.');
    expect(await balanceOf(late)).toBe(30);
  });

  it('refuses anyone but the owner, a professional who did not apply, bad input and a project not yet approved', async () => {
    const {
      c,
      id,
      pros: [p1],
    } = await projectWithApplicants(1);
    const stranger = await registerAndLogin(t.app, 'profissional');
    const notApplicant = await inject('POST', `/api/requests/${id}/escolher`, c.auth, { profissionalId: stranger.id });
    expect(notApplicant.statusCode).toBe(400);
    expect(notApplicant.json()).toMatchObject({ code: 'NOT_APPLICANT', message: 'Este profissional não se candidatou a este projeto.' });
    const other = await client('Outra');
    expect((await inject('POST', `/api/requests/${id}/escolher`, other.auth, { profissionalId: p1.id })).statusCode).toBe(404);
    expect((await inject('POST', `/api/requests/${id}/escolher`, p1.auth, { profissionalId: p1.id })).statusCode).toBe(403);
    expect((await inject('POST', `/api/requests/${id}/escolher`, admin.auth, { profissionalId: p1.id })).statusCode).toBe(403);
    expect((await inject('POST', `/api/requests/${id}/escolher`, undefined, { profissionalId: p1.id })).statusCode).toBe(401);
    for (const body of [{}, { profissionalId: 'abc' }, { profissionalId: true }, { profissionalId: -1 }]) {
      const bad = await inject('POST', `/api/requests/${id}/escolher`, c.auth, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.json().message).toMatch(/^(Identificador inválido\.|Campo obrigatório\.)$/);
    }
    expect((await inject('POST', '/api/requests/2147483647/escolher', c.auth, { profissionalId: p1.id })).statusCode).toBe(404);
    const waiting = (await inject('POST', '/api/requests/create', c.auth, projectPayload())).json();
    const early = await inject('POST', `/api/requests/${waiting.id}/escolher`, c.auth, { profissionalId: p1.id });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Só pode escolher um profissional depois de o projeto ser aprovado.');
    expect([await lines(p1, 'escolhido'), await lines(p1, 'nao_escolhido'), await mails(id, p1)]).toEqual([[], [], []]);
    expect((await inject('GET', `/api/requests/${id}`, c.auth)).json().escolhidoId).toBeNull();
  });
});

describe('"Marcar como concluído" asks who did the job', () => {
  it('stores the professional named, tells them, and tells the others the project closed (no refund)', async () => {
    const {
      c,
      id,
      pros: [p1, p2],
    } = await projectWithApplicants(2);
    const done = await inject('PATCH', `/api/requests/${id}/concluir`, c.auth, { profissionalId: p2.id });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ id, status: 'CONCLUIDO', escolhidoId: p2.id });
    expect([await lines(p2, 'escolhido'), await lines(p2, 'projeto_fechado')]).toEqual([[CHOSEN], []]);
    expect([await lines(p1, 'escolhido'), await lines(p1, 'projeto_fechado')]).toEqual([[], [CLOSED]]);
    expect((await inject('GET', `/api/requests/${id}`, c.auth)).json()).toMatchObject({ status: 'CONCLUIDO', escolhidoId: p2.id });
    expect([await balanceOf(p1), await balanceOf(p2)]).toEqual([20, 20]);
    expect((await inject('PATCH', `/api/requests/${id}/concluir`, c.auth, { profissionalId: p2.id })).statusCode).toBe(409);
  });

  it('keeps the earlier choice without a body; "Nenhum destes profissionais" (null) clears it', async () => {
    const a = await projectWithApplicants(2);
    await inject('POST', `/api/requests/${a.id}/escolher`, a.c.auth, { profissionalId: a.pros[0].id });
    expect((await inject('PATCH', `/api/requests/${a.id}/concluir`, a.c.auth)).json()).toEqual({ id: a.id, status: 'CONCLUIDO', escolhidoId: a.pros[0].id });
    // Already told they were chosen (once): only the other hears the project closed.
    expect([await lines(a.pros[0], 'escolhido'), await lines(a.pros[0], 'projeto_fechado')]).toEqual([[CHOSEN], []]);
    expect(await lines(a.pros[1], 'projeto_fechado')).toEqual([CLOSED]);

    const b = await projectWithApplicants(2);
    await inject('POST', `/api/requests/${b.id}/escolher`, b.c.auth, { profissionalId: b.pros[0].id });
    expect((await inject('PATCH', `/api/requests/${b.id}/concluir`, b.c.auth, { profissionalId: null })).json().escolhidoId).toBeNull();
    expect([await lines(b.pros[0], 'projeto_fechado'), await lines(b.pros[1], 'projeto_fechado')]).toEqual([[CLOSED], [CLOSED]]);
    expect((await inject('GET', `/api/requests/${b.id}`, b.c.auth)).json().escolhidoId).toBeNull();
  });

  it('refuses a professional who did not apply, and changes nothing', async () => {
    const {
      c,
      id,
      pros: [p1],
    } = await projectWithApplicants(1);
    const stranger = await registerAndLogin(t.app, 'profissional');
    const r = await inject('PATCH', `/api/requests/${id}/concluir`, c.auth, { profissionalId: stranger.id });
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('Este profissional não se candidatou a este projeto.');
    const bad = await inject('PATCH', `/api/requests/${id}/concluir`, c.auth, { profissionalId: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Identificador inválido.');
    expect((await inject('GET', `/api/requests/${id}`, c.auth)).json().status).toBe('ABERTO');
    expect([await lines(p1, 'escolhido'), await lines(p1, 'projeto_fechado'), await lines(stranger, 'escolhido')]).toEqual([[], [], []]);
  });
});

describe('"Cancelar projeto" (client, before anyone is chosen)', () => {
  it('removes the project and refunds everyone who paid, once, with a ledger line each; everyone is told', async () => {
    const {
      c,
      id,
      pros: [p1, p2],
    } = await projectWithApplicants(2);
    const r = await inject('POST', `/api/requests/${id}/cancelar`, c.auth);
    expect(r.statusCode).toBe(200);
    expect(r.json().reembolsos).toEqual([
      { profissionalId: p1.id, creditos: 10 },
      { profissionalId: p2.id, creditos: 10 },
    ]);
    expect([await balanceOf(p1), await balanceOf(p2)]).toEqual([30, 30]);
    for (const p of [p1, p2]) {
      await ledgerMatches(p);
      const hist = (await inject('GET', `/api/creditos/historico/${p.id}`, p.auth)).json();
      expect(hist.items[0]).toMatchObject({ tipo: 'REEMBOLSO', delta: 10, saldoApos: 30 });
      expect(hist.items.filter((l: { tipo: string }) => l.tipo === 'REEMBOLSO')).toHaveLength(1);
    }
    expect(eventsOf('projeto_fechado')).toEqual([
      { tipo: 'projeto_fechado', requestId: id, profissionalId: p1.id, titulo: projectPayload().titulo, reembolso: 10 },
      { tipo: 'projeto_fechado', requestId: id, profissionalId: p2.id, titulo: projectPayload().titulo, reembolso: 10 },
    ]);
    for (const p of [p1, p2]) expect(await bell(p)).toContain('projeto_fechado');
    // Written together (one statement for every applicant): each one's own mail, with the refund.
    const mails = await t.db.execute<{ destinatario_id: number; chave: string; texto: string }>(sql`
      select destinatario_id, chave, texto from email_outbox where chave like ${`projeto_fechado:r${id}:%`} order by destinatario_id`);
    expect(mails.rows.map((m) => [Number(m.destinatario_id), m.chave])).toEqual([
      [p1.id, `projeto_fechado:r${id}:p${p1.id}`],
      [p2.id, `projeto_fechado:r${id}:p${p2.id}`],
    ]);
    for (const m of mails.rows) expect(m.texto).toContain('Os 10 créditos que gastou foram devolvidos');
    expect((await inject('GET', `/api/requests/${id}`, c.auth)).statusCode).toBe(404);
    expect((await inject('POST', `/api/requests/${id}/cancelar`, c.auth)).statusCode).toBe(404);
    expect([await balanceOf(p1), await balanceOf(p2)]).toEqual([30, 30]);
  });

  it('a project still waiting for approval is cancelled with nothing to refund', async () => {
    const c = await client();
    const waiting = (await inject('POST', '/api/requests/create', c.auth, projectPayload())).json();
    const r = await inject('POST', `/api/requests/${waiting.id}/cancelar`, c.auth);
    expect(r.json()).toEqual({ id: waiting.id, reembolsos: [] });
  });

  it('is refused once a professional was chosen, for a completed project, and for anyone but the owner', async () => {
    const {
      c,
      id,
      pros: [p1],
    } = await projectWithApplicants(1);
    const other = await client('Outro');
    expect((await inject('POST', `/api/requests/${id}/cancelar`, other.auth)).statusCode).toBe(404);
    expect((await inject('POST', `/api/requests/${id}/cancelar`, p1.auth)).statusCode).toBe(403);
    expect((await inject('POST', `/api/requests/${id}/cancelar`, admin.auth)).statusCode).toBe(403);
    expect((await inject('POST', `/api/requests/${id}/cancelar`)).statusCode).toBe(401);
    expect((await inject('POST', '/api/requests/abc/cancelar', c.auth)).json().message).toBe('Identificador inválido.');

    await inject('POST', `/api/requests/${id}/escolher`, c.auth, { profissionalId: p1.id });
    const chosen = await inject('POST', `/api/requests/${id}/cancelar`, c.auth);
    expect(chosen.statusCode).toBe(409);
    expect(chosen.json()).toMatchObject({ code: 'ALREADY_CHOSEN', message: 'Já escolheu um profissional para este projeto: já não o pode cancelar.' });
    await completeWith(t.app, c, id, p1.id);
    const done = await inject('POST', `/api/requests/${id}/cancelar`, c.auth);
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('Um projeto concluído não pode ser cancelado.');
    expect(await balanceOf(p1)).toBe(20);
  });
});

describe('admin deletion', () => {
  it('after a choice refunds nothing (the leads were real), and still tells every applicant', async () => {
    const {
      c,
      id,
      pros: [p1, p2],
    } = await projectWithApplicants(2);
    await inject('POST', `/api/requests/${id}/escolher`, c.auth, { profissionalId: p1.id });
    told.length = 0;
    const del = await t.app.inject({ method: 'DELETE', url: `/api/requests/delete/${id}`, headers: admin.auth });
    expect(del.statusCode).toBe(200);
    expect(del.json().reembolsos).toEqual([]);
    expect([await balanceOf(p1), await balanceOf(p2)]).toEqual([20, 20]);
    expect(eventsOf('projeto_fechado').map((e) => 'reembolso' in e && e.reembolso)).toEqual([null, null]);
    await ledgerMatches(p1);
  });
});
