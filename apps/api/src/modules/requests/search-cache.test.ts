import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { projectPayload, registerAndLogin, useAppWithAdmin } from '../../test/harness';
import { multipart } from '../../test/images';
import { profissionais, requests } from '../../db/schema';
import { grantCredits } from '../creditos/creditos.service';
import { SEARCH_CACHE_MS } from '../../app';

// Text searches are kept 15 s per instance (app.ts `searches`, docs/decisions/0006): a change made
// elsewhere shows within 15 s, any write through this instance at once; a job search's kept page is
// read afresh for each professional (his "applied?", his revealed contacts, jobs closed since).
let skew = 0;
const clock: Clock = { now: () => new Date(Date.now() + skew) };
const later = () => (skew += SEARCH_CACHE_MS + 1_000);
const s = useAppWithAdmin({ clock });

async function openJob(client: { auth: Record<string, string> }, titulo: string) {
  const created = await s.t.app.inject({ method: 'POST', url: '/api/requests/create', headers: client.auth, payload: projectPayload({ titulo }) });
  expect(created.statusCode).toBe(201);
  const id = created.json().id as number;
  expect((await s.t.app.inject({ method: 'PATCH', url: `/api/requests/${id}/aprovar`, headers: s.admin.auth })).statusCode).toBe(200);
  expect(
    (await s.t.app.inject({ method: 'PUT', url: `/api/requests/atualiza-creditos/${id}`, headers: s.admin.auth, payload: { creditos: 5 } })).statusCode,
  ).toBe(200);
  return id;
}

type Job = { id: number; jaCandidatado: boolean; contato: string | null };
const jobs = async (q: string, auth: Record<string, string>) => {
  const res = await s.t.app.inject({ method: 'GET', url: `/api/requests/disponiveis?q=${encodeURIComponent(q)}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json().items as Job[];
};
const pros = async (q: string, auth: Record<string, string>) => {
  const res = await s.t.app.inject({ method: 'GET', url: `/api/profissional/see-all?q=${encodeURIComponent(q)}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return (res.json().items as { id: number }[]).map((p) => p.id);
};

describe('job search by text, kept 15 s', () => {
  it('matches found elsewhere show within 15 s; each professional sees his own applications; closed jobs leave at once', async () => {
    const c = await registerAndLogin(s.t.app, 'cliente');
    const p1 = await registerAndLogin(s.t.app, 'profissional');
    const p2 = await registerAndLogin(s.t.app, 'profissional');
    await s.t.db.transaction((tx) => grantCredits(tx, p1.id, 100, 'AJUSTE', { descricao: 'teste' }));
    const a = await openJob(c, 'Zimbrado no quadro');
    const b = await openJob(c, 'Tomada queimada');
    const d = await openJob(c, 'Luz da escada');
    expect((await jobs('zimbrado', p1.auth)).map((j) => j.id)).toEqual([a]);

    // A job retitled behind the API's back (as another instance would): the kept page stays...
    await s.t.db.update(requests).set({ titulo: 'Zimbrado na tomada' }).where(eq(requests.id, b));
    expect((await jobs('zimbrado', p1.auth)).map((j) => j.id)).toEqual([a]);
    // ...15 s at most.
    later();
    expect((await jobs('Zimbrado', p1.auth)).map((j) => j.id)).toEqual([b, a]);

    // Applying (a write through this instance) drops the kept pages; p1's own search then reads afresh.
    expect((await s.t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p1.auth, payload: { requestId: a } })).statusCode).toBe(201);
    const mine = await jobs('zimbrado', p1.auth);
    expect(mine.map((j) => [j.id, j.jaCandidatado])).toEqual([
      [b, false],
      [a, true],
    ]);
    expect(mine[1].contato).toBe('+351912345678');

    // A third match appears behind the API's back: the searches below answer from the kept page...
    await s.t.db.update(requests).set({ titulo: 'Zimbrado no teto' }).where(eq(requests.id, d));
    // ...yet each professional gets his own "applied?" and contacts, not p1's.
    const theirs = await jobs('zimbrado', p2.auth);
    expect(theirs.map((j) => [j.id, j.jaCandidatado, j.contato])).toEqual([
      [b, false, null],
      [a, false, null],
    ]);
    expect((await jobs('zimbrado', p1.auth)).map((j) => [j.id, j.jaCandidatado])).toEqual([
      [b, false],
      [a, true],
    ]);

    // A job chosen or closed meanwhile is left out at once, even from a kept page.
    await s.t.db.update(requests).set({ escolhidoId: p1.id }).where(eq(requests.id, a));
    await s.t.db.update(requests).set({ status: 'CONCLUIDO' }).where(eq(requests.id, b));
    expect(await jobs('zimbrado', p2.auth)).toEqual([]);
    later();
    expect((await jobs('zimbrado', p2.auth)).map((j) => j.id)).toEqual([d]);
  });
});

describe('professional search by text, kept 15 s', () => {
  it('a change made elsewhere shows within 15 s; his own edit at once', async () => {
    const c = await registerAndLogin(s.t.app, 'cliente');
    const x = await registerAndLogin(s.t.app, 'profissional', { nome: 'Xisto Almeida' });
    const y = await registerAndLogin(s.t.app, 'profissional', { nome: 'Yuri Costa' });
    const z = await registerAndLogin(s.t.app, 'profissional', { nome: 'Zeca Dias' });
    expect(await pros('xisto', c.auth)).toEqual([x.id]);

    await s.t.db.update(profissionais).set({ nome: 'Yuri Xisto' }).where(eq(profissionais.id, y.id));
    expect(await pros('xisto', c.auth)).toEqual([x.id]);
    later();
    expect((await pros('xisto', c.auth)).sort()).toEqual([x.id, y.id].sort());

    // His own edit shows at once, to every reader.
    const form = multipart({ id: String(z.id), nome: 'Zeca Xisto', email: z.email });
    const edited = await s.t.app.inject({
      method: 'PUT',
      url: '/api/profissional/edit-profile',
      headers: { ...z.auth, ...form.headers },
      payload: form.payload,
    });
    expect(edited.statusCode).toBe(200);
    expect((await pros('xisto', c.auth)).sort()).toEqual([x.id, y.id, z.id].sort());
    expect((await pros('xisto', s.admin.auth)).sort()).toEqual([x.id, y.id, z.id].sort());
  });
});
