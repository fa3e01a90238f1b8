import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SELO_INFO } from '@tc/shared';
import {
  adminSession,
  anotherInstance,
  completeWith,
  createTestApp,
  describeOnPostgres,
  projectPayload,
  registerAndLogin,
  TEST_DB,
  type TestApp,
} from '../../test/harness';
import { multipart, pngBytes } from '../../test/images';
import type { Clock } from '../../lib/clock';
import { grantCredits } from '../creditos/creditos.service';
import { drainOutbox } from '../notificacoes/outbox-worker';
import { startSmtp } from '../../test/smtp';
import { RANKING_BATCH, refreshRankings, sweepSelos } from './selos.service';
import { moveRankings } from './selos-sweep';

/**
 * Badges through the public API: they appear and go as reviews, verifications, completed jobs and
 * applications change, and as time moves (the app's clock, then the periodic sweep). The ranking
 * (Bayesian average) orders the home page's top list and the default search.
 */
let skew = 0;
const clock: Clock = { now: () => new Date(Date.now() + skew) };
const DAY = 24 * 3600_000;
let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
let client: Session;
let png: Buffer;
type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let smtp: Awaited<ReturnType<typeof startSmtp>>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ clock, env: { SMTP_URL: smtp.url } });
  admin = await adminSession(t.app);
  client = await registerAndLogin(t.app, 'cliente', { nome: 'Clara Cliente' });
  png = await pngBytes();
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const get = (url: string, s: { auth: Record<string, string> }) => t.app.inject({ method: 'GET', url, headers: s.auth });
const put = (url: string) => t.app.inject({ method: 'PUT', url, headers: admin.auth });

/** A professional with a completed profile (photo, specialties, documents sent: PENDENTE) and credits. */
async function pro(nome: string, especialidades = ['substituicao-quadros-eletricos']) {
  const p = await registerAndLogin(t.app, 'profissional', { nome });
  const form = multipart({ id: String(p.id), telefone: '+351916000222', consentimento: 'true', 'especialidades[]': especialidades }, [
    { field: 'fotoPerfil', filename: 'f.png', type: 'image/png', data: png },
    { field: 'ccFrente', filename: 'a.png', type: 'image/png', data: png },
    { field: 'ccVerso', filename: 'b.png', type: 'image/png', data: png },
  ]);
  const res = await t.app.inject({ method: 'PUT', url: '/api/profissional/complete-profile', headers: { ...p.auth, ...form.headers }, payload: form.payload });
  expect(res.statusCode, res.body).toBe(200);
  await t.db.transaction((tx) => grantCredits(tx, p.id, 500, 'AJUSTE', { descricao: 'teste' }));
  return p;
}

const verify = async (p: Session, decisao: 'VERIFICADO' | 'RECUSADO') => {
  const r = await t.app.inject({ method: 'POST', url: `/api/admin/profissionais/${p.id}/verificacao`, headers: admin.auth, payload: { decisao } });
  expect(r.statusCode, r.body).toBe(200);
};

/** A project published by `by`, approved and priced by the admin (at the app clock's "now"). */
async function project(by: Session = client, over: Record<string, unknown> = {}) {
  const created = await t.app.inject({ method: 'POST', url: '/api/requests/create', headers: by.auth, payload: projectPayload(over) });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as number;
  const ok = await t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/aprovar`, headers: admin.auth, payload: { creditos: 5 } });
  expect(ok.statusCode, ok.body).toBe(200);
  return id;
}

const apply = async (p: Session, requestId: number) => {
  const r = await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId } });
  expect(r.statusCode, r.body).toBe(201);
};

/** A job done by `p` (chosen, completed) and reviewed by its client (`by`) with `nota`; the admin decides the review. */
async function reviewedJob(p: Session, nota: number, opts: { especialidade?: string; decide?: 'accept' | 'deny' | null; by?: Session } = {}) {
  const by = opts.by ?? client;
  const requestId = await project(by, opts.especialidade ? { especialidade: opts.especialidade } : {});
  await apply(p, requestId);
  await completeWith(t.app, by, requestId, p.id);
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/review/create',
    headers: by.auth,
    payload: { profissionalId: p.id, requestId, nota, comentario: `Trabalho nota ${nota}` },
  });
  expect(r.statusCode, r.body).toBe(201);
  const reviewId = r.json().id as number;
  const decide = opts.decide === undefined ? 'accept' : opts.decide;
  if (decide) expect((await put(`/api/review/${decide}/${reviewId}`)).statusCode).toBe(200);
  return { requestId, reviewId };
}

/** The professional's own "Os seus selos". */
async function mine(p: Session) {
  const r = await get('/api/profissional/selos', p);
  expect(r.statusCode, r.body).toBe(200);
  const body = r.json() as { selos: string[]; metricas: Record<string, unknown>; progresso: { selo: string; tem: boolean; faltas: string[] }[] };
  const of = (selo: string) => body.progresso.find((x) => x.selo === selo)!;
  return { ...body, of };
}
/** The badges a client sees on the public profile. */
/**
 * The badges on the public profile. The profile is cached 30 s (app.ts `profiles`): a badge earned by
 * an application or lost in the sweep shows within that time (profissionais.test.ts checks it); here
 * each read asks for it fresh.
 */
const publicSelos = async (p: Session) => {
  t.app.ctx.profiles.invalidate('');
  return ((await get(`/api/profissional/${p.id}`, client)).json() as { selos: string[] }).selos;
};

describe(`badges (${TEST_DB})`, () => {
  it('"Verificado" follows the admin\'s decision, and new documents put it back to pending', async () => {
    const p = await pro('Vera Verificada');
    expect(await publicSelos(p)).toEqual([]);
    expect((await mine(p)).of('VERIFICADO').faltas).toEqual(['Os seus documentos estão a ser analisados pela equipa.']);
    await verify(p, 'VERIFICADO');
    expect(await publicSelos(p)).toEqual(['VERIFICADO']);
    expect((await mine(p)).of('VERIFICADO')).toMatchObject({ tem: true, faltas: [] });
    await verify(p, 'RECUSADO');
    expect(await publicSelos(p)).toEqual([]);
    expect((await mine(p)).of('VERIFICADO').faltas).toEqual(['A verificação foi recusada: envie novos documentos de identificação.']);
  });

  it('"Top Avaliado": 5 approved reviews averaging ≥ 4.8 in 12 months; rejected ones do not count; a deleted one or time takes it away', async () => {
    const p = await pro('Tomás Topo');
    for (let i = 0; i < 4; i++) await reviewedJob(p, 5);
    let me = await mine(p);
    expect(me.selos).not.toContain('TOP_AVALIADO');
    expect(me.metricas).toMatchObject({ avaliacoes12m: 4, media12m: 5 });
    expect(me.of('TOP_AVALIADO').faltas).toEqual(['Falta 1 avaliação aprovada nos últimos 12 meses']);
    // A rejected review counts for nothing; a pending one neither.
    await reviewedJob(p, 5, { decide: 'deny' });
    await reviewedJob(p, 5, { decide: null });
    expect(await publicSelos(p)).not.toContain('TOP_AVALIADO');

    const fifth = await reviewedJob(p, 5);
    expect(await publicSelos(p)).toContain('TOP_AVALIADO');
    const search = (await get(`/api/profissional/see-all?q=${encodeURIComponent('Tomás Topo')}`, client)).json();
    // (Quick to apply too: every job here was applied to right after its approval.)
    expect(search.items[0]).toMatchObject({ id: p.id, selos: ['TOP_AVALIADO', 'RESPOSTA_RAPIDA'] });

    // The admin deletes one: 4 left.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/review/delete/${fifth.reviewId}`, headers: admin.auth })).statusCode).toBe(200);
    expect(await publicSelos(p)).not.toContain('TOP_AVALIADO');
    // A 3-star one: 5 reviews, average 4.6.
    await reviewedJob(p, 3);
    me = await mine(p);
    expect(me.selos).not.toContain('TOP_AVALIADO');
    expect(me.of('TOP_AVALIADO').faltas).toEqual(['Média atual 4,6 (precisa de 4,8)']);
    // Five more 5s: 10 reviews, (9·5 + 3) / 10 = 4.8 exactly, which is enough (4.78 with four was not).
    for (let i = 0; i < 4; i++) await reviewedJob(p, 5);
    expect((await mine(p)).of('TOP_AVALIADO').faltas).toEqual(['Média atual 4,77 (precisa de 4,8)']);
    await reviewedJob(p, 5);
    expect(await publicSelos(p)).toContain('TOP_AVALIADO');

    // Thirteen months later every one of those reviews is older than 12 months: the sweep takes the badge away.
    skew = 396 * DAY;
    try {
      expect(await publicSelos(p)).toContain('TOP_AVALIADO');
      expect(await sweepSelos(t.app.ctx.db, clock.now())).toBeGreaterThan(0);
      expect(await publicSelos(p)).not.toContain('TOP_AVALIADO');
      me = await mine(p);
      expect(me.metricas).toMatchObject({ avaliacoes12m: 0, media12m: null });
      expect(me.of('TOP_AVALIADO').faltas).toEqual(['Faltam 5 avaliações aprovadas nos últimos 12 meses']);
      // Nothing is stale right after a sweep: a second one (another instance) has nothing to do.
      expect(await sweepSelos(t.app.ctx.db, clock.now())).toBe(0);
    } finally {
      skew = 0;
    }
    await sweepSelos(t.app.ctx.db, clock.now(), { all: true });
    expect(await publicSelos(p)).toContain('TOP_AVALIADO');
  });

  it('"Domótica Expert": verified, a Domótica specialty and 3 completed Domótica jobs reviewed 4 or more', async () => {
    const p = await pro('Domingos Domótica', ['camaras-cctv', 'instalacao-eletrica-completa']);
    let me = await mine(p);
    expect(me.of('DOMOTICA_EXPERT').faltas).toEqual([
      'Precisa do selo Verificado',
      'Faltam 3 projetos de domótica concluídos com avaliação de 4 estrelas ou mais',
    ]);
    await verify(p, 'VERIFICADO');
    await reviewedJob(p, 5, { especialidade: 'camaras-cctv' });
    await reviewedJob(p, 4, { especialidade: 'sensores-seguranca' });
    // Not counted: a Domótica job reviewed 3, an electrical job reviewed 5, a Domótica review still pending.
    await reviewedJob(p, 3, { especialidade: 'camaras-cctv' });
    await reviewedJob(p, 5, { especialidade: 'instalacao-eletrica-completa' });
    const pending = await reviewedJob(p, 5, { especialidade: 'integracao-sistemas', decide: null });
    me = await mine(p);
    expect(me.metricas.projetosDomotica).toBe(2);
    expect(me.of('DOMOTICA_EXPERT').faltas).toEqual(['Falta 1 projeto de domótica concluído com avaliação de 4 estrelas ou mais']);
    expect(await publicSelos(p)).toEqual(['VERIFICADO', 'RESPOSTA_RAPIDA']);

    expect((await put(`/api/review/accept/${pending.reviewId}`)).statusCode).toBe(200);
    expect(await publicSelos(p)).toEqual(['VERIFICADO', 'DOMOTICA_EXPERT', 'RESPOSTA_RAPIDA']);
    // On the client's list of applicants and in the e-mail about a new applicant, with each rule in words.
    const requestId = await project();
    await apply(p, requestId);
    const applicants = (await get(`/api/requests/${requestId}/profissionais`, client)).json() as { id: number; selos: string[] }[];
    expect(applicants.find((a) => a.id === p.id)?.selos).toEqual(['VERIFICADO', 'DOMOTICA_EXPERT', 'RESPOSTA_RAPIDA']);
    await drainOutbox(t.app.ctx, { requeue: false });
    // The newest of his applications' mails (the earlier ones went before he had these badges).
    const mail = smtp
      .to(client.email)
      .filter((m) => m.subject.startsWith('Domingos Domótica candidatou-se'))
      .at(-1);
    expect(mail?.html).toContain('✓ Verificado');
    expect(mail?.html).toContain('★ Domótica Expert');
    expect(mail?.text).toContain(`Domótica Expert: ${SELO_INFO.DOMOTICA_EXPERT.regra}`);

    // Without "Verificado" it goes.
    await verify(p, 'RECUSADO');
    me = await mine(p);
    expect(me.selos).toEqual(['RESPOSTA_RAPIDA']);
    expect(me.of('DOMOTICA_EXPERT').faltas).toEqual(['Precisa do selo Verificado']);
  });

  it('"Resposta rápida": median time from approval to application under 2 h over ≥ 3 applications in 30 days', async () => {
    const p = await pro('Rita Rápida');
    // Approved three hours before the application (the clock read at approval is behind).
    const slowProject = async () => {
      skew = -3 * 3600_000;
      try {
        return await project();
      } finally {
        skew = 0;
      }
    };
    await apply(p, await project());
    await apply(p, await project());
    let me = await mine(p);
    expect(me.selos).not.toContain('RESPOSTA_RAPIDA');
    expect(me.of('RESPOSTA_RAPIDA').faltas).toEqual(['Falta 1 candidatura nos últimos 30 dias']);
    await apply(p, await project());
    // Recomputed by the application itself.
    expect(await publicSelos(p)).toEqual(['RESPOSTA_RAPIDA']);
    await apply(p, await slowProject());
    await apply(p, await slowProject());
    expect(await publicSelos(p)).toEqual(['RESPOSTA_RAPIDA']);
    await apply(p, await slowProject());
    await apply(p, await slowProject());
    // 3 quick, 4 after 3 h: the median is 3 h.
    expect(await publicSelos(p)).toEqual([]);
    me = await mine(p);
    expect(me.metricas.candidaturas30d).toBe(7);
    expect(me.of('RESPOSTA_RAPIDA').faltas).toEqual(['Tempo mediano atual 3 h (precisa de menos de 2 h)']);

    // A month later none of them is in the window.
    skew = 31 * DAY;
    try {
      await sweepSelos(t.app.ctx.db, clock.now());
      me = await mine(p);
      expect(me.metricas).toMatchObject({ candidaturas30d: 0, medianaMinutos: null });
      expect(me.of('RESPOSTA_RAPIDA').faltas).toEqual(['Faltam 3 candidaturas nos últimos 30 dias']);
    } finally {
      skew = 0;
    }
  });

  it("a deleted client takes his open projects' applications and his reviews: the applicants' badges and the reviewed professionals' averages are recomputed", async () => {
    const leaving = await registerAndLogin(t.app, 'cliente', { nome: 'Luís Saída' });
    // Three quick applications to the leaving client's open projects: "Resposta rápida".
    const quick = await pro('Quico Rápido');
    for (let i = 0; i < 3; i++) await apply(quick, await project(leaving));
    expect(await publicSelos(quick)).toEqual(['RESPOSTA_RAPIDA']);
    // Reviewed by the leaving client only, and by him and another client.
    const onlyHis = await pro('Olga Única');
    const shared = await pro('Sara Partilhada');
    await reviewedJob(shared, 5);
    await reviewedJob(onlyHis, 4, { by: leaving });
    await reviewedJob(shared, 1, { by: leaving });
    const rating = async (p: Session) => {
      t.app.ctx.profiles.invalidate('');
      const body = (await get(`/api/profissional/${p.id}`, client)).json() as { notaMedia: number | null; totalAvaliacoes: number };
      return [body.notaMedia, body.totalAvaliacoes];
    };
    expect(await rating(shared)).toEqual([3, 2]);
    expect(await rating(onlyHis)).toEqual([4, 1]);

    const gone = await t.app.inject({ method: 'DELETE', url: '/api/cliente/delete-account', headers: leaving.auth, payload: { senha: 'Segura#123' } });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await publicSelos(quick)).toEqual([]);
    expect((await mine(quick)).metricas.candidaturas30d).toBe(0);
    expect(await rating(shared)).toEqual([5, 1]);
    expect(await rating(onlyHis)).toEqual([null, 0]);
  });

  it('"Os seus selos" stores the badges when one came or went, and otherwise writes nothing', async () => {
    const p = await pro('Olga Olhada');
    for (let i = 0; i < 3; i++) await apply(p, await project());
    // xmin: the transaction that last wrote the row, so an unchanged one proves no update ran.
    const row = async () =>
      (await t.db.execute<{ x: string; selos: string[] }>(sql`select xmin::text as x, selos from profissionais where id = ${p.id}`)).rows[0]!;
    const before = await row();
    expect(before.selos).toEqual(['RESPOSTA_RAPIDA']);
    expect((await mine(p)).selos).toEqual(['RESPOSTA_RAPIDA']);
    expect((await mine(p)).selos).toEqual(['RESPOSTA_RAPIDA']);
    expect((await row()).x).toBe(before.x);

    // A month on, before any sweep: the page shows the badge gone and stores it, so the public card agrees.
    skew = 31 * DAY;
    try {
      expect((await mine(p)).selos).toEqual([]);
      const after = await row();
      expect(after.selos).toEqual([]);
      expect(after.x).not.toBe(before.x);
      expect(await publicSelos(p)).toEqual([]);
    } finally {
      skew = 0;
    }
  });

  it('"Os seus selos" is the professional\'s own only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profissional/selos' })).statusCode).toBe(401);
    const r = await get('/api/profissional/selos', client);
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('FORBIDDEN');
  });
});

describe(`ranking by Bayesian average (${TEST_DB})`, () => {
  it('few reviews do not beat many; the top list has no professional without reviews; the search lists those last', async () => {
    const one = await pro('Alberto Um');
    await reviewedJob(one, 5);
    const many = await pro('Bernardo Muitos');
    for (let i = 0; i < 8; i++) await reviewedJob(many, 5);
    await reviewedJob(many, 4);
    const low = await pro('Carlos Baixo');
    for (let i = 0; i < 3; i++) await reviewedJob(low, 2);
    const none = await pro('Zé Sem Avaliações');
    // The worker moves the rankings the approvals queued (every few seconds in the app).
    expect(await moveRankings(t.app)).toBeGreaterThanOrEqual(3);

    const top = (await t.app.inject({ method: 'GET', url: '/api/profissional/top-avaliados' })).json() as {
      id: number;
      notaMedia: number | null;
      totalAvaliacoes: number;
    }[];
    const ids = top.map((x) => x.id);
    expect(ids).toContain(many.id);
    // 8 × 5 and a 4 (4,89 over 9 reviews) ranks above a single 5.
    expect(ids).toContain(one.id);
    expect(ids.indexOf(many.id)).toBeLessThan(ids.indexOf(one.id));
    expect(ids).not.toContain(none.id);
    for (const x of top) {
      expect(x.totalAvaliacoes).toBeGreaterThan(0);
      expect(x.notaMedia).not.toBeNull();
    }

    const page = (await get('/api/profissional/see-all?pageSize=50', client)).json() as { items: { id: number; totalAvaliacoes: number }[] };
    const order = page.items.map((x) => x.id);
    expect(order.indexOf(many.id)).toBeLessThan(order.indexOf(one.id));
    expect(order.indexOf(one.id)).toBeLessThan(order.indexOf(low.id));
    expect(order).toContain(none.id);
    // Everyone with reviews first, then those without.
    const firstUnrated = page.items.findIndex((x) => x.totalAvaliacoes === 0);
    expect(firstUnrated).toBeGreaterThan(0);
    expect(page.items.slice(firstUnrated).every((x) => x.totalAvaliacoes === 0)).toBe(true);
  });

  it('an approved review moves the average at once and the ranking when the worker runs, which empties the cached top list', async () => {
    const p = await pro('Duarte Novo');
    const { reviewId } = await reviewedJob(p, 5, { decide: null });
    const top = async () => ((await t.app.inject({ method: 'GET', url: '/api/profissional/top-avaliados' })).json() as { id: number }[]).map((x) => x.id);
    expect(await top()).not.toContain(p.id);
    expect((await put(`/api/review/accept/${reviewId}`)).statusCode).toBe(200);
    // The average and the count at once (the profile); the ranking queued, and the list cached 30 s
    // in the old order meanwhile.
    t.app.ctx.profiles.invalidate('');
    const card = (await get(`/api/profissional/${p.id}`, client)).json() as { notaMedia: number; totalAvaliacoes: number };
    expect([card.notaMedia, card.totalAvaliacoes]).toEqual([5, 1]);
    const queued = await t.db.execute<{ id: number }>(sql`select profissional_id as id from ranking_pendente`);
    expect(queued.rows.map((r) => Number(r.id))).toContain(p.id);
    expect(await top()).not.toContain(p.id);
    // The worker's refresh moves him and drops the kept list: he shows at once; the queue is empty.
    expect(await moveRankings(t.app)).toBe(1);
    expect(await top()).toContain(p.id);
    expect((await t.db.execute(sql`select 1 from ranking_pendente`)).rows).toHaveLength(0);
    // Nothing queued: nothing moves, nothing is dropped.
    expect(await moveRankings(t.app)).toBe(0);
  });

  it('the running worker moves the queued rankings by itself, in batches', async () => {
    const p = await pro('Gaspar Sozinho');
    await reviewedJob(p, 4);
    // More than a batch queued: ids of professionals that do not exist are dropped without a write.
    await t.db.execute(sql`insert into ranking_pendente select 1000000 + g from generate_series(1, ${RANKING_BATCH}) g`);
    const bayes = async () => (await t.db.execute<{ v: number | null }>(sql`select nota_bayes as v from profissionais where id = ${p.id}`)).rows[0]!.v;
    expect(await bayes()).toBeNull();
    const live = await anotherInstance(t, { SMTP_URL: smtp.url, NOTIFICATIONS_WORKER: 'true' }, clock);
    try {
      const deadline = Date.now() + 20_000;
      while ((await t.db.execute(sql`select 1 from ranking_pendente limit 1`)).rows.length && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect((await t.db.execute(sql`select 1 from ranking_pendente`)).rows).toHaveLength(0);
      expect(Number(await bayes())).toBeGreaterThan(0);
      expect(await refreshRankings(t.db)).toBe(0);
    } finally {
      await live.close();
    }
  });

  it("a decided review uses the prior mean the last sweep stored (no scan of every review); before any sweep, the reviews' mean", async () => {
    await t.db.execute(sql`delete from ranking_prior`);
    const num = async (q: ReturnType<typeof sql>) => Number((await t.db.execute<{ v: number }>(q)).rows[0]!.v);
    const live = () => num(sql`select avg(nota)::float8 as v from reviews where status = 'APROVADO'`);
    const bayesOf = (p: Session) => num(sql`select nota_bayes as v from profissionais where id = ${p.id}`);
    const p = await pro('Eduardo Prior');
    await reviewedJob(p, 3);
    await moveRankings(t.app);
    // Nothing stored yet: m is computed from the reviews.
    expect(await bayesOf(p)).toBeCloseTo((5 * (await live()) + 3) / 6, 9);

    const now = clock.now();
    await sweepSelos(t.app.ctx.db, now, { all: true });
    const stored = await num(sql`select m as v from ranking_prior`);
    expect(stored).toBeCloseTo(await live(), 9);
    expect(await num(sql`select count(*)::int as v from ranking_prior`)).toBe(1);

    // The platform's mean moves (two 1-star reviews); the next decision still uses the stored m.
    const q = await pro('Filipe Baixo');
    await reviewedJob(q, 1);
    await reviewedJob(q, 1);
    expect(Math.abs((await live()) - stored)).toBeGreaterThan(0.01);
    await reviewedJob(p, 5);
    await moveRankings(t.app);
    expect(await bayesOf(p)).toBeCloseTo((5 * stored + 2 * 4) / 7, 9);

    // The next sweep stores the new mean and gives it to everyone.
    await sweepSelos(t.app.ctx.db, clock.now(), { all: true });
    const m = await live();
    expect(await num(sql`select m as v from ranking_prior`)).toBeCloseTo(m, 9);
    expect(await bayesOf(p)).toBeCloseTo((5 * m + 2 * 4) / 7, 9);
  });
});

describeOnPostgres("a review's approval on PostgreSQL", () => {
  it("rewrites the professional's row in place (HOT): his ranking, the one indexed column it would change, is left to the worker", async () => {
    await t.db.execute(sql`create extension if not exists pageinspect`);
    const p = await pro('Hugo Quente');
    const { reviewId } = await reviewedJob(p, 5, { decide: null });
    expect((await put(`/api/review/accept/${reviewId}`)).statusCode).toBe(200);
    const version = async () => {
      const { rows } = await t.db.execute<{ blk: number; lp: number; media: number }>(
        sql`select (ctid::text::point)[0]::int as blk, (ctid::text::point)[1]::int as lp, nota_media::float8 as media from profissionais where id = ${p.id}`,
      );
      const { blk, lp, media } = rows[0]!;
      const item = await t.db.execute<{ m: number }>(
        sql`select t_infomask2 as m from heap_page_items(get_raw_page('profissionais', ${blk}::int)) where lp = ${lp}::int`,
      );
      // HEAP_ONLY_TUPLE: a version reached through the same index entries as the one before it.
      return { heapOnly: (Number(item.rows[0]!.m) & 0x8000) !== 0, media: Number(media) };
    };
    expect(await version()).toEqual({ heapOnly: true, media: 5 });
    // The ranking's move is not (profissionais_bayes_idx gets the new entry).
    expect(await moveRankings(t.app)).toBe(1);
    expect((await version()).heapOnly).toBe(false);
  });
});

describeOnPostgres('the periodic sweep on several instances', () => {
  it('two sweeps at once share the stale professionals: each is recomputed once', async () => {
    await t.db.execute(sql`insert into profissionais (nome, email, senha_hash, cidade, bairro)
      select 'Varrido ' || g, 'varrido' || g || '@exemplo.pt', 'x', 'Faro', 'Faro' from generate_series(1, 600) g`);
    const { rows } = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from profissionais where selos_em is null`);
    const stale = Number(rows[0]!.n);
    expect(stale).toBeGreaterThanOrEqual(600);
    const now = clock.now();
    const [a, b] = await Promise.all([sweepSelos(t.app.ctx.db, now, { batch: 40 }), sweepSelos(t.app.ctx.db, now, { batch: 40 })]);
    expect(a + b).toBe(stale);
    const left = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from profissionais where selos_em is null`);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
