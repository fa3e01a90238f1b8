import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { M } from '@tc/shared';
import { adminSession, completeWith, createTestApp, describeOnPostgres, stagedRace, openProject, registerAndLogin, type TestApp } from '../../test/harness';
import { grantCredits } from '../creditos/creditos.service';
import { requests, reviews } from '../../db/schema';
import { recomputeRating } from './reviews.service';

let t: TestApp;
let admin: Awaited<ReturnType<typeof adminSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await adminSession(t.app);
});
afterAll(() => t.close());

async function appliedPair(creditos = 5) {
  const c = await registerAndLogin(t.app, 'cliente', { nome: 'Clara Cliente' });
  const p = await registerAndLogin(t.app, 'profissional');
  await t.db.transaction((tx) => grantCredits(tx, p.id, 100, 'AJUSTE', { descricao: 'teste' }));
  const requestId = await openProject(t.app, c, admin, creditos);
  const r = await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId } });
  expect(r.statusCode).toBe(201);
  return { c, p, requestId };
}

/** A completed project whose client said this professional did the job: the only case a review is allowed. */
async function chosenPair(creditos = 5) {
  const pair = await appliedPair(creditos);
  await completeWith(t.app, pair.c, pair.requestId, pair.p.id);
  return pair;
}

const review = (auth: Record<string, string>, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/review/create', headers: auth, payload: body });

describe('reviews', () => {
  it('a client reviews the professional it chose for a completed project, once per project; it starts in ESPERA', async () => {
    const { c, p, requestId } = await chosenPair();
    const first = await review(c.auth, { profissionalId: p.id, requestId, nota: 4, comentario: 'Bom trabalho' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'ESPERA', requestId, message: M.feedbackEnviado });
    const again = await review(c.auth, { profissionalId: p.id, requestId, nota: 5, comentario: 'Outra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_REVIEWED', message: 'Já avaliou este profissional para este projeto.' });
    // Without requestId: the same project (the only one), already reviewed.
    expect((await review(c.auth, { profissionalId: p.id, nota: 5, comentario: 'Sem projeto' })).statusCode).toBe(409);
  });

  it('refuses a professional who only applied, the chosen one before completion, "none of them", and strangers', async () => {
    const { c, p, requestId } = await appliedPair();
    const notEligible = { code: 'NOT_ELIGIBLE', message: 'Só pode avaliar o profissional que escolheu para um projeto seu concluído.' };
    // Applied to an open project: no review (the hole of issue 10).
    const open = await review(c.auth, { profissionalId: p.id, requestId, nota: 5, comentario: 'Ainda nem veio' });
    expect(open.statusCode).toBe(400);
    expect(open.json()).toMatchObject(notEligible);
    // Chosen, but the project is not completed yet.
    await t.app.inject({ method: 'POST', url: `/api/requests/${requestId}/escolher`, headers: c.auth, payload: { profissionalId: p.id } });
    expect((await review(c.auth, { profissionalId: p.id, requestId, nota: 5, comentario: 'Cedo demais' })).json()).toMatchObject(notEligible);
    // Completed saying none of the applicants did the job.
    await completeWith(t.app, c, requestId, null);
    expect((await review(c.auth, { profissionalId: p.id, requestId, nota: 5, comentario: 'Nenhum' })).json()).toMatchObject(notEligible);

    // Two applicants, one chosen: the other cannot be reviewed for that project.
    const other = await appliedPair();
    const second = await registerAndLogin(t.app, 'profissional');
    await t.db.transaction((tx) => grantCredits(tx, second.id, 10, 'AJUSTE', { descricao: 'teste' }));
    expect((await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: second.auth, payload: { requestId: other.requestId } })).statusCode).toBe(
      201,
    );
    await completeWith(t.app, other.c, other.requestId, other.p.id);
    const stranger = await registerAndLogin(t.app, 'profissional');
    const r = await review(other.c.auth, { profissionalId: stranger.id, nota: 5, comentario: 'Nunca o vi' });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('NOT_ELIGIBLE');
    expect((await review(other.c.auth, { profissionalId: second.id, requestId: other.requestId, nota: 3, comentario: 'Não fez' })).statusCode).toBe(400);
    const blank = await review(other.c.auth, { profissionalId: stranger.id, nota: 0, comentario: ' ' });
    expect(blank.json().message).toBe(M.preenchaCampos);
    expect((await review(stranger.auth, { profissionalId: stranger.id, nota: 5, comentario: 'Eu próprio' })).statusCode).toBe(403);
    expect((await review({}, { profissionalId: other.p.id, nota: 5, comentario: 'Anónimo' })).statusCode).toBe(401);
  });

  it("another client cannot review the professional chosen for someone else's project", async () => {
    const { p, requestId } = await chosenPair();
    const intruder = await registerAndLogin(t.app, 'cliente');
    const r = await review(intruder.auth, { profissionalId: p.id, requestId, nota: 1, comentario: 'Concorrência' });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('NOT_ELIGIBLE');
  });

  it('lists only the professionals the client chose for completed projects, with the project to review them for', async () => {
    const { c, p, requestId } = await appliedPair();
    const empty = await t.app.inject({ method: 'GET', url: '/api/cliente/profissionais-avaliaveis', headers: c.auth });
    expect(empty.json()).toEqual({ items: [], page: 1, pageSize: 6, hasMore: false });
    await completeWith(t.app, c, requestId, p.id);
    const list = await t.app.inject({ method: 'GET', url: '/api/cliente/profissionais-avaliaveis', headers: c.auth });
    expect(list.json()).toMatchObject({ hasMore: false, items: [{ id: p.id, requestId, podeAvaliar: true }] });
    expect(list.json().items).toHaveLength(1);
    await review(c.auth, { profissionalId: p.id, nota: 5, comentario: 'Top' });
    const after = await t.app.inject({ method: 'GET', url: '/api/cliente/profissionais-avaliaveis', headers: c.auth });
    expect(after.json().items[0]).toMatchObject({ id: p.id, requestId: null, podeAvaliar: false });

    // Two more completed projects with the same professional: listed once, for the newest not yet reviewed.
    const more: number[] = [];
    for (let i = 0; i < 2; i++) {
      const id = await openProject(t.app, c, admin, 5);
      expect((await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: id } })).statusCode).toBe(201);
      await completeWith(t.app, c, id, p.id);
      more.push(id);
    }
    const again = (await t.app.inject({ method: 'GET', url: '/api/cliente/profissionais-avaliaveis', headers: c.auth })).json();
    expect(again.items).toHaveLength(1);
    expect(again.items[0]).toMatchObject({ id: p.id, requestId: more[1], podeAvaliar: true });
    await review(c.auth, { profissionalId: p.id, requestId: more[1], nota: 4, comentario: 'Bom' });
    const last = (await t.app.inject({ method: 'GET', url: '/api/cliente/profissionais-avaliaveis', headers: c.auth })).json();
    expect(last.items).toMatchObject([{ id: p.id, requestId: more[0], podeAvaliar: true }]);
  });

  it('lists the professional of the most recent job first, page by page and when searching (not by name)', async () => {
    const c = await registerAndLogin(t.app, 'cliente', { nome: 'Cliente Ordenado' });
    // Done long ago, a month ago, yesterday: the reverse of their names' order.
    for (const [nome, daysAgo] of [
      ['Ana Silva Antiga', 400],
      ['Maria Silva Meio', 30],
      ['Zé Recente', 1],
    ] as const) {
      const p = await registerAndLogin(t.app, 'profissional', { nome });
      await t.db.transaction((tx) => grantCredits(tx, p.id, 10, 'AJUSTE', { descricao: 'teste' }));
      const requestId = await openProject(t.app, c, admin, 5);
      expect((await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId } })).statusCode).toBe(201);
      await completeWith(t.app, c, requestId, p.id);
      await t.db
        .update(requests)
        .set({ concluidoEm: new Date(Date.now() - daysAgo * 86_400_000) })
        .where(eq(requests.id, requestId));
    }
    const list = async (qs: string) => (await t.app.inject({ method: 'GET', url: `/api/cliente/profissionais-avaliaveis?${qs}`, headers: c.auth })).json();
    const names = (page: { items: { nome: string }[] }) => page.items.map((p) => p.nome);
    expect(names(await list(''))).toEqual(['Zé Recente', 'Maria Silva Meio', 'Ana Silva Antiga']);
    const first = await list('pageSize=2');
    expect(names(first)).toEqual(['Zé Recente', 'Maria Silva Meio']);
    expect(first.hasMore).toBe(true);
    const second = await list('pageSize=2&page=2');
    expect(names(second)).toEqual(['Ana Silva Antiga']);
    expect(second.hasMore).toBe(false);
    // A search keeps the order (by name, Ana would come first).
    expect(names(await list('q=silva'))).toEqual(['Maria Silva Meio', 'Ana Silva Antiga']);
    expect(names(await list('q=silva&pageSize=1&page=2'))).toEqual(['Ana Silva Antiga']);
  });

  it('shows only approved reviews publicly, and the average counts only those', async () => {
    const { c, p } = await chosenPair();
    const c2 = await registerAndLogin(t.app, 'cliente', { nome: 'Outro' });
    const second = await openProject(t.app, c2, admin, 5);
    await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: second } });
    await completeWith(t.app, c2, second, p.id);
    const r1 = (await review(c.auth, { profissionalId: p.id, nota: 5, comentario: 'Excelente' })).json();
    await review(c2.auth, { profissionalId: p.id, nota: 1, comentario: 'Mau' });
    await t.db.update(reviews).set({ status: 'APROVADO' }).where(eq(reviews.id, r1.id));
    await recomputeRating(t.db, p.id);

    const pub = await t.app.inject({ method: 'GET', url: `/api/review/profissional/${p.id}` });
    expect(pub.json().items.map((r: { comentario: string }) => r.comentario)).toEqual(['Excelente']);
    expect(pub.json().items[0].cliente).toEqual({ nome: 'Clara Cliente' });
    const recent = await t.app.inject({ method: 'GET', url: '/api/review/recent' });
    expect(recent.json().map((r: { comentario: string }) => r.comentario)).toEqual(['Excelente']);
    const top = await t.app.inject({ method: 'GET', url: '/api/profissional/top-avaliados' });
    expect(top.statusCode).toBe(200);
    const profile = await t.app.inject({ method: 'GET', url: `/api/profissional/${p.id}`, headers: c.auth });
    expect(profile.json().notaMedia).toBe(5);
  });
});

describeOnPostgres('double submission', () => {
  it('two simultaneous reviews for the same project: one is stored, the other gets 409, never 500', async () => {
    const { c, p, requestId } = await chosenPair();
    const [a, b] = await Promise.all([1, 2].map((n) => review(c.auth, { profissionalId: p.id, requestId, nota: 5, comentario: `Duplo ${n}` })));
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});

describeOnPostgres('deleting a review while its project is deleted', () => {
  it('they wait for each other: both answer 200 (no deadlock) and the review is gone', async () => {
    const { c, p, requestId } = await chosenPair();
    const created = await review(c.auth, { profissionalId: p.id, requestId, nota: 2, comentario: 'Atrasou-se' });
    expect(created.statusCode).toBe(201);
    const reviewId = created.json().id as number;
    // The staging: the review held elsewhere, so the project's deletion (its cascade clears the review's
    // project) waits for it; then the review's deletion. When that locked the professional first, it
    // held him while waiting for the review, which the project's deletion took next before recomputing
    // his badges: a deadlock.
    const [a, b] = await stagedRace(
      t.db,
      sql`select 1 from reviews where id = ${reviewId} for update`,
      () => t.app.inject({ method: 'DELETE', url: `/api/requests/delete/${requestId}`, headers: admin.auth }),
      () => t.app.inject({ method: 'DELETE', url: `/api/review/delete/${reviewId}`, headers: admin.auth }),
    );
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const [row] = await t.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId));
    expect(row).toBeUndefined();
  });
});

describeOnPostgres('a client deleting the account while an admin approves its review', () => {
  it('they wait for each other: both answer 200 (no deadlock), the review goes with the account and the average forgets it', async () => {
    const { c, p, requestId } = await chosenPair();
    const created = await review(c.auth, { profissionalId: p.id, requestId, nota: 5, comentario: 'Impecável' });
    const reviewId = created.json().id as number;
    // An open project of the client he paid for: the deletion refunds him, and the refund's ledger line
    // holds his row (its foreign key) until the end.
    const open = await openProject(t.app, c, admin, 5);
    expect((await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: open } })).statusCode).toBe(201);
    // The staging: his row held elsewhere (as a foreign key holds it), so the approval holds the review
    // and waits for him; then the deletion. Before it locked the client's reviews right after its
    // projects, it refunded him (holding his row), reached the review through the account's cascade
    // and waited for it, while the approval waited for his row: a deadlock.
    const [a, d] = await stagedRace(
      t.db,
      sql`select 1 from profissionais where id = ${p.id} for key share`,
      () => t.app.inject({ method: 'PUT', url: `/api/review/accept/${reviewId}`, headers: admin.auth, payload: {} }),
      () => t.app.inject({ method: 'DELETE', url: '/api/cliente/delete-account', headers: c.auth, payload: { senha: 'Segura#123' } }),
    );
    expect(a.statusCode).toBe(200);
    expect(d.statusCode).toBe(200);
    const [row] = await t.db.select({ id: reviews.id }).from(reviews).where(eq(reviews.id, reviewId));
    expect(row).toBeUndefined();
    const profile = (await t.app.inject({ method: 'GET', url: `/api/profissional/${p.id}`, headers: p.auth })).json();
    expect(profile).toMatchObject({ totalAvaliacoes: 0 });
  });
});
