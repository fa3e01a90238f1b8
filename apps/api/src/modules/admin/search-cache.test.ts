import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { grantCredits } from '../creditos/creditos.service';
import { completeWith, openProject, projectPayload, registerAndLogin, useAppWithAdmin } from '../../test/harness';
import { clientes, profissionais, requests, reviews } from '../../db/schema';
import { SEARCH_CACHE_MS } from '../../app';

// The back office's searches by text keep which rows a page holds for 15 s per instance (db/prepared.ts
// runList, docs/decisions/0006); every row is read afresh, so what a row says is never old. A change
// made elsewhere (here: behind the API's back, as another instance would) joins or leaves the matches
// within 15 s; any write through this instance at once.
let skew = 0;
const clock: Clock = { now: () => new Date(Date.now() + skew) };
const later = () => (skew += SEARCH_CACHE_MS + 1_000);
const s = useAppWithAdmin({ clock });

type Item = { id: number; status?: string; nome?: string; comentario?: string; titulo?: string };
const list = async (url: string) => {
  const res = await s.t.app.inject({ method: 'GET', url, headers: s.admin.auth });
  expect(res.statusCode).toBe(200);
  return res.json().items as Item[];
};
const ids = async (url: string) => (await list(url)).map((i) => i.id).sort((a, b) => a - b);

/** A pending review of `p` by a new client, through the API. */
async function pendingReview(p: { id: number; auth: Record<string, string> }, comentario: string) {
  const c = await registerAndLogin(s.t.app, 'cliente');
  const rid = await openProject(s.t.app, c, s.admin, 5);
  expect((await s.t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId: rid } })).statusCode).toBe(201);
  await completeWith(s.t.app, c, rid, p.id);
  const created = await s.t.app.inject({
    method: 'POST',
    url: '/api/review/create',
    headers: c.auth,
    payload: { profissionalId: p.id, nota: 5, comentario },
  });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id as number, client: c };
}

describe('back-office searches by text', () => {
  it('projects: the matches are kept 15 s, each row read afresh (and dropped when the status filter no longer holds)', async () => {
    const c = await registerAndLogin(s.t.app, 'cliente');
    const create = async (titulo: string) =>
      (await s.t.app.inject({ method: 'POST', url: '/api/requests/create', headers: c.auth, payload: projectPayload({ titulo }) })).json().id as number;
    const a = await create('Zimbrado no quadro');
    const b = await create('Tomada queimada');
    expect(await ids('/api/requests/all?q=zimbrado')).toEqual([a]);
    expect(await ids('/api/requests/all?q=zimbrado&status=ESPERA')).toEqual([a]);

    // Elsewhere: b now matches, a is approved with a price.
    await s.t.db.update(requests).set({ titulo: 'Zimbrado na tomada' }).where(eq(requests.id, b));
    await s.t.db.update(requests).set({ status: 'ABERTO', creditos: 4 }).where(eq(requests.id, a));
    const kept = await list('/api/requests/all?q=zimbrado');
    expect(kept.map((i) => i.id)).toEqual([a]);
    expect(kept[0]).toMatchObject({ status: 'ABERTO', creditos: 4 });
    // a is no longer pending: gone from the pending search at once, though its id was kept.
    expect(await ids('/api/requests/all?q=zimbrado&status=ESPERA')).toEqual([]);

    later();
    expect(await ids('/api/requests/all?q=zimbrado')).toEqual([a, b].sort((x, y) => x - y));
    expect(await ids('/api/requests/all?q=zimbrado&status=ESPERA')).toEqual([b]);

    // A write through this instance (the admin approves b) drops every kept page.
    await s.t.db.update(requests).set({ titulo: 'Outra coisa' }).where(eq(requests.id, a));
    expect((await s.t.app.inject({ method: 'PATCH', url: `/api/requests/${b}/aprovar`, headers: s.admin.auth })).statusCode).toBe(200);
    expect(await ids('/api/requests/all?q=zimbrado')).toEqual([b]);
  });

  it('clients and professionals: kept matches, current names', async () => {
    const c1 = await registerAndLogin(s.t.app, 'cliente', { nome: 'Quitéria Zulmira' });
    const c2 = await registerAndLogin(s.t.app, 'cliente', { nome: 'Rosa Bento' });
    const p1 = await registerAndLogin(s.t.app, 'profissional', { nome: 'Zacarias Xisto' });
    const p2 = await registerAndLogin(s.t.app, 'profissional', { nome: 'Tiago Mota' });
    expect(await ids('/api/cliente/see-all?q=zulmira')).toEqual([c1.id]);
    expect(await ids('/api/admin/profissionais?q=xisto')).toEqual([p1.id]);

    await s.t.db.update(clientes).set({ nome: 'Quitéria Zulmira Paz' }).where(eq(clientes.id, c1.id));
    await s.t.db.update(clientes).set({ nome: 'Rosa Zulmira' }).where(eq(clientes.id, c2.id));
    await s.t.db.update(profissionais).set({ nome: 'Zacarias Xisto Neves' }).where(eq(profissionais.id, p1.id));
    await s.t.db.update(profissionais).set({ nome: 'Tiago Xisto' }).where(eq(profissionais.id, p2.id));
    expect(await list('/api/cliente/see-all?q=zulmira')).toEqual([expect.objectContaining({ id: c1.id, nome: 'Quitéria Zulmira Paz' })]);
    expect(await list('/api/admin/profissionais?q=xisto')).toEqual([expect.objectContaining({ id: p1.id, nome: 'Zacarias Xisto Neves' })]);

    later();
    expect(await ids('/api/cliente/see-all?q=zulmira')).toEqual([c1.id, c2.id].sort((x, y) => x - y));
    expect(await ids('/api/admin/profissionais?q=xisto')).toEqual([p1.id, p2.id].sort((x, y) => x - y));
  });

  it('reviews: a kept review shows its current comment and status until the 15 s are up', async () => {
    const p = await registerAndLogin(s.t.app, 'profissional');
    await s.t.db.transaction((tx) => grantCredits(tx, p.id, 10, 'AJUSTE', { descricao: 'teste' }));
    const { id } = await pendingReview(p, 'Trabalho de zircónio impecável');
    expect(await ids('/api/review/all?q=zirconio')).toEqual([id]);

    await s.t.db.update(reviews).set({ comentario: 'Trabalho impecável', status: 'NEGADO' }).where(eq(reviews.id, id));
    expect(await list('/api/review/all?q=zirconio')).toEqual([expect.objectContaining({ id, comentario: 'Trabalho impecável', status: 'NEGADO' })]);
    later();
    expect(await ids('/api/review/all?q=zirconio')).toEqual([]);
  });
});

describe('which kept searches a moderation decision drops', () => {
  const jobIds = async (q: string, auth: Record<string, string>) => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/requests/disponiveis?q=${encodeURIComponent(q)}`, headers: auth });
    expect(res.statusCode).toBe(200);
    return (res.json().items as { id: number }[]).map((j) => j.id).sort((a, b) => a - b);
  };
  const proIds = async (q: string, auth: Record<string, string>) => {
    const res = await s.t.app.inject({ method: 'GET', url: `/api/profissional/see-all?q=${encodeURIComponent(q)}`, headers: auth });
    expect(res.statusCode).toBe(200);
    return (res.json().items as { id: number }[]).map((j) => j.id).sort((a, b) => a - b);
  };

  it("a review decided drops the back office's review searches only; a verification, the professionals' searches; a project's approval, every one", async () => {
    later();
    const p = await registerAndLogin(s.t.app, 'profissional', { nome: 'Ulisses Quimera' });
    const p2 = await registerAndLogin(s.t.app, 'profissional', { nome: 'Tomé Lopes' });
    await s.t.db.transaction((tx) => grantCredits(tx, p.id, 100, 'AJUSTE', { descricao: 'teste' }));
    const r1 = await pendingReview(p, 'Instalação de xénon impecável');
    const r2 = await pendingReview(p, 'Pontual e limpo');
    const c = r1.client;
    // The job of r1 was chosen and concluded; two more open jobs for the job search.
    const j1 = await openProject(s.t.app, c, s.admin, 5);
    const j2 = await openProject(s.t.app, c, s.admin, 5);
    await s.t.db.update(requests).set({ titulo: 'Quimera no quadro' }).where(eq(requests.id, j1));
    later();
    // Kept: the back office's reviews by a word, in the queue and in all; job search and the directory.
    expect(await ids('/api/review/all?q=xenon')).toEqual([r1.id]);
    expect(await ids('/api/review/all?q=xenon&status=APROVADO')).toEqual([]);
    expect(await jobIds('quimera', p.auth)).toEqual([j1]);
    expect(await proIds('quimera', c.auth)).toEqual([p.id]);

    // Behind the API's back (as through another instance), each search gains a match...
    await s.t.db.update(reviews).set({ comentario: 'Xénon e pontual' }).where(eq(reviews.id, r2.id));
    await s.t.db.update(requests).set({ titulo: 'Quimera na tomada' }).where(eq(requests.id, j2));
    await s.t.db.update(profissionais).set({ nome: 'Tomé Quimera', verificacao: 'PENDENTE' }).where(eq(profissionais.id, p2.id));
    // ...and the admin approves r1 through this one: his review searches find what they now match
    // (r1 among the approved ones, r2 by its new comment), at once.
    expect((await s.t.app.inject({ method: 'PUT', url: `/api/review/accept/${r1.id}`, headers: s.admin.auth })).statusCode).toBe(200);
    expect(await ids('/api/review/all?q=xenon')).toEqual([r1.id, r2.id]);
    expect(await ids('/api/review/all?q=xenon&status=APROVADO')).toEqual([r1.id]);
    // Which projects and professionals match a word is not his decision's doing: kept.
    expect(await jobIds('quimera', p.auth)).toEqual([j1]);
    expect(await proIds('quimera', c.auth)).toEqual([p.id]);
    expect((await s.t.app.inject({ method: 'PUT', url: `/api/review/deny/${r2.id}`, headers: s.admin.auth })).statusCode).toBe(200);
    expect(await jobIds('quimera', p.auth)).toEqual([j1]);
    expect(await ids('/api/review/all?q=xenon&status=NEGADO')).toEqual([r2.id]);

    // A verification decided drops the professionals' searches (the back office's and the directory's).
    expect(await ids('/api/admin/profissionais?q=quimera')).toEqual([p.id, p2.id].sort((a, b) => a - b));
    await s.t.db.update(profissionais).set({ nome: 'Ulisses' }).where(eq(profissionais.id, p.id));
    expect(await ids('/api/admin/profissionais?q=quimera')).toEqual([p.id, p2.id].sort((a, b) => a - b));
    const verified = await s.t.app.inject({
      method: 'POST',
      url: `/api/admin/profissionais/${p2.id}/verificacao`,
      headers: s.admin.auth,
      payload: { decisao: 'VERIFICADO' },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(await ids('/api/admin/profissionais?q=quimera')).toEqual([p2.id]);
    expect(await proIds('quimera', c.auth)).toEqual([p2.id]);
    expect(await jobIds('quimera', p.auth)).toEqual([j1]);

    // A project approved drops them all: job search finds j2 at once.
    await openProject(s.t.app, c, s.admin, 5);
    expect(await jobIds('quimera', p.auth)).toEqual([j1, j2]);
  });
});
