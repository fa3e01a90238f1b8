import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../lib/clock';
import { completeWith, openProject, registerAndLogin, useAppWithAdmin } from '../../test/harness';
import { multipart } from '../../test/images';
import { profissionais } from '../../db/schema';
import { grantCredits } from '../creditos/creditos.service';

// A professional's public profile and his approved reviews are cached 30 s per instance (app.ts
// `profiles`): what he or an admin changes shows at once, what changes elsewhere within 30 s.
let skew = 0;
const clock: Clock = { now: () => new Date(Date.now() + skew) };
const s = useAppWithAdmin({ clock });

const profile = (id: number, auth: Record<string, string>) => s.t.app.inject({ method: 'GET', url: `/api/profissional/${id}`, headers: auth });
const reviewsOf = async (id: number) =>
  (await s.t.app.inject({ method: 'GET', url: `/api/review/profissional/${id}` })).json().items as { comentario: string }[];

type Account = { id: number; auth: Record<string, string> };
/** A project of `c`'s that `p` (given credits) applied to and completed: its id. */
async function completedFor(c: Account, p: Account): Promise<number> {
  await s.t.db.transaction((tx) => grantCredits(tx, p.id, 100, 'AJUSTE', { descricao: 'teste' }));
  const requestId = await openProject(s.t.app, c, s.admin, 5);
  expect((await s.t.app.inject({ method: 'POST', url: '/api/creditos/usar', headers: p.auth, payload: { requestId } })).statusCode).toBe(201);
  await completeWith(s.t.app, c, requestId, p.id);
  return requestId;
}
/** `c`'s review of `p` for that project, pending: its id. */
async function reviewOf(c: Account, p: Account, requestId: number, nota: number, comentario: string): Promise<number> {
  const created = await s.t.app.inject({
    method: 'POST',
    url: '/api/review/create',
    headers: c.auth,
    payload: { profissionalId: p.id, requestId, nota, comentario },
  });
  expect(created.statusCode).toBe(201);
  return created.json().id as number;
}

describe("a professional's cached profile", () => {
  it('a change made elsewhere shows within 30 s; his own edit at once; a deleted account at once', async () => {
    const c = await registerAndLogin(s.t.app, 'cliente');
    const p = await registerAndLogin(s.t.app, 'profissional', { nome: 'Paulo Perfil' });
    expect((await profile(p.id, c.auth)).json()).toMatchObject({ nome: 'Paulo Perfil', descricao: null });

    // Changed behind the API's back (as a badge computed by another process): the cached page stays...
    await s.t.db.update(profissionais).set({ bio: 'Escrita à parte' }).where(eq(profissionais.id, p.id));
    expect((await profile(p.id, c.auth)).json().descricao).toBeNull();
    // ...for 30 s at most.
    skew += 31_000;
    expect((await profile(p.id, c.auth)).json().descricao).toBe('Escrita à parte');

    // His own edit shows at once, to every reader.
    const form = multipart({ id: String(p.id), nome: 'Paulo Renomeado', email: p.email, bio: 'Nova bio' });
    const edited = await s.t.app.inject({
      method: 'PUT',
      url: '/api/profissional/edit-profile',
      headers: { ...p.auth, ...form.headers },
      payload: form.payload,
    });
    expect(edited.statusCode).toBe(200);
    expect((await profile(p.id, c.auth)).json()).toMatchObject({ nome: 'Paulo Renomeado', descricao: 'Nova bio' });
    expect((await profile(p.id, s.admin.auth)).json()).toMatchObject({ nome: 'Paulo Renomeado', descricao: 'Nova bio' });

    // A deleted account is gone at once; an unknown id is not kept (404 each time, Portuguese message).
    const gone = await s.t.app.inject({ method: 'DELETE', url: '/api/profissional/delete-account', headers: p.auth, payload: { senha: 'Segura#123' } });
    expect(gone.statusCode).toBe(200);
    const missing = await profile(p.id, c.auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Profissional não encontrado.');
  });

  it('an approved review shows at once on the profile and in the public reviews; a rejected or pending one never', async () => {
    const c = await registerAndLogin(s.t.app, 'cliente', { nome: 'Clara Cache' });
    const p = await registerAndLogin(s.t.app, 'profissional');
    const requestId = await completedFor(c, p);
    // Both cached while empty.
    expect(await reviewsOf(p.id)).toEqual([]);
    expect((await profile(p.id, c.auth)).json().totalAvaliacoes).toBe(0);

    const id = await reviewOf(c, p, requestId, 5, 'Rápido e limpo');
    // Pending: not public.
    expect(await reviewsOf(p.id)).toEqual([]);
    expect((await s.t.app.inject({ method: 'PUT', url: `/api/review/accept/${id}`, headers: s.admin.auth })).statusCode).toBe(200);
    expect((await reviewsOf(p.id)).map((r) => r.comentario)).toEqual(['Rápido e limpo']);
    expect((await profile(p.id, c.auth)).json()).toMatchObject({ totalAvaliacoes: 1, notaMedia: 5 });
  });

  it("a decision drops its own professional's cached profile and reviews only", async () => {
    const c = await registerAndLogin(s.t.app, 'cliente', { nome: 'Cláudia Alvo' });
    const a = await registerAndLogin(s.t.app, 'profissional', { nome: 'Artur Avaliado' });
    const b = await registerAndLogin(s.t.app, 'profissional', { nome: 'Bruno Vizinho' });
    const requestId = await completedFor(c, a);
    const id = await reviewOf(c, a, requestId, 4, 'Cumpriu o prazo');
    // Both profiles cached; then B's changed behind the API's back.
    expect((await profile(a.id, c.auth)).json().totalAvaliacoes).toBe(0);
    expect((await profile(b.id, c.auth)).json().descricao).toBeNull();
    expect(await reviewsOf(a.id)).toEqual([]);
    await s.t.db.update(profissionais).set({ bio: 'Mudada à parte' }).where(eq(profissionais.id, b.id));

    // A's approval: A's profile and reviews at once; B's cached page stays as it was.
    expect((await s.t.app.inject({ method: 'PUT', url: `/api/review/accept/${id}`, headers: s.admin.auth })).statusCode).toBe(200);
    expect((await profile(a.id, c.auth)).json()).toMatchObject({ totalAvaliacoes: 1, notaMedia: 4 });
    expect((await reviewsOf(a.id)).map((r) => r.comentario)).toEqual(['Cumpriu o prazo']);
    expect((await profile(b.id, c.auth)).json().descricao).toBeNull();

    // Deleted: gone from A's profile and reviews at once.
    const deleted = await s.t.app.inject({ method: 'DELETE', url: `/api/review/delete/${id}`, headers: s.admin.auth });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ id });
    expect((await profile(a.id, c.auth)).json()).toMatchObject({ totalAvaliacoes: 0, notaMedia: null });
    expect(await reviewsOf(a.id)).toEqual([]);
    // B's catches up within the 30 s.
    skew += 31_000;
    expect((await profile(b.id, c.auth)).json().descricao).toBe('Mudada à parte');
  });
});
