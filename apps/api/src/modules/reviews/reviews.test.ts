import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { M } from '@tc/shared';
import { adminSession, createTestApp, openProject, registerAndLogin, type TestApp } from '../../test/harness';
import { grantCredits } from '../creditos/creditos.service';
import { reviews } from '../../db/schema';
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

const review = (auth: Record<string, string>, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/review/create', headers: auth, payload: body });

describe('reviews', () => {
  it('a client reviews a professional who applied to its project, once per project; it starts in ESPERA', async () => {
    const { c, p, requestId } = await appliedPair();
    const first = await review(c.auth, { profissionalId: p.id, requestId, nota: 4, comentario: 'Bom trabalho' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ status: 'ESPERA', requestId, message: M.feedbackEnviado });
    const again = await review(c.auth, { profissionalId: p.id, requestId, nota: 5, comentario: 'Outra vez' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses a professional who never applied to the client, and bad input', async () => {
    const { c } = await appliedPair();
    const stranger = await registerAndLogin(t.app, 'profissional');
    const r = await review(c.auth, { profissionalId: stranger.id, nota: 5, comentario: 'Nunca o vi' });
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('NOT_ELIGIBLE');
    const blank = await review(c.auth, { profissionalId: stranger.id, nota: 0, comentario: ' ' });
    expect(blank.json().message).toBe(M.preenchaCampos);
    const p = await registerAndLogin(t.app, 'profissional');
    expect((await review(p.auth, { profissionalId: p.id, nota: 5, comentario: 'Eu próprio' })).statusCode).toBe(403);
  });

  it('lists the professionals a client may review, with the project to review them for', async () => {
    const { c, p, requestId } = await appliedPair();
    const list = await t.app.inject({ method: 'GET', url: '/api/cliente/profissionais-avaliaveis', headers: c.auth });
    expect(list.json()).toMatchObject({ hasMore: false, items: [{ id: p.id, requestId, podeAvaliar: true }] });
    expect(list.json().items).toHaveLength(1);
    await review(c.auth, { profissionalId: p.id, nota: 5, comentario: 'Top' });
    const after = await t.app.inject({ method: 'GET', url: '/api/cliente/profissionais-avaliaveis', headers: c.auth });
    expect(after.json().items[0]).toMatchObject({ id: p.id, requestId: null, podeAvaliar: false });
  });

  it('shows only approved reviews publicly, and the average counts only those', async () => {
    const { c, p } = await appliedPair();
    const c2 = await registerAndLogin(t.app, 'cliente', { nome: 'Outro' });
    const second = await openProject(t.app, c2, admin, 5);
    await t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: second } });
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

describe('double submission', () => {
  it('two simultaneous reviews for the same project: one is stored, the other gets 409, never 500', async () => {
    const { c, p, requestId } = await appliedPair();
    const [a, b] = await Promise.all([1, 2].map((n) => review(c.auth, { profissionalId: p.id, requestId, nota: 5, comentario: `Duplo ${n}` })));
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
  });
});
