import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/harness';
import { profissionais } from '../../db/schema';
import { profissionalListItem, specialtyLabel } from '@tc/shared';

let t: TestApp;
let cliente: Awaited<ReturnType<typeof registerAndLogin>>;
beforeAll(async () => {
  t = await createTestApp();
  cliente = await registerAndLogin(t.app, 'cliente');
  const people: [string, string, string, string[]][] = [
    ['José Conceição', 'Évora', 'Évora', ['certificacao-eletrica']],
    ['Ana Gonçalves', 'Lisboa', 'Lisboa', ['desentupimentos']],
    ['Rita Simões', 'Setúbal', 'Setúbal', ['camaras-cctv', 'sensores-seguranca']],
  ];
  for (const [nome, cidade, bairro, esp] of people) {
    const p = await registerAndLogin(t.app, 'profissional', { nome, cidade, bairro });
    await t.db.update(profissionais).set({ especialidades: esp }).where(eq(profissionais.id, p.id));
  }
  for (let i = 0; i < 12; i++)
    await registerAndLogin(t.app, 'profissional', { nome: `Técnico Extra ${String(i).padStart(2, '0')}`, cidade: 'Porto', bairro: 'Porto' });
});
afterAll(() => t.close());

const search = (q: string, page = 1) =>
  t.app.inject({ method: 'GET', url: `/api/profissional/see-all?q=${encodeURIComponent(q)}&page=${page}`, headers: cliente.auth });

describe('professional search (done by the database)', () => {
  it('ignores accents and case, by name, city and specialty label', async () => {
    expect((await search('jose conceicao')).json().items.map((p: { nome: string }) => p.nome)).toEqual(['José Conceição']);
    expect((await search('EVORA')).json().items.map((p: { nome: string }) => p.nome)).toEqual(['José Conceição']);
    expect((await search('setubal')).json().items.map((p: { nome: string }) => p.nome)).toEqual(['Rita Simões']);
    expect((await search('videovigilancia')).json().items.map((p: { nome: string }) => p.nome)).toEqual(['Rita Simões']);
    expect((await search('desentup')).json().items[0].especialidadesLabels).toEqual(['Desentupimentos']);
    expect((await search('zzz')).json()).toEqual({ items: [], page: 1, pageSize: 10, hasMore: false });
  });

  it('pages by 10 and never exposes e-mails or documents', async () => {
    const p1 = (await search('')).json();
    expect(p1).toMatchObject({ page: 1, pageSize: 10, hasMore: true });
    expect(p1.items).toHaveLength(10);
    const p2 = (await search('', 2)).json();
    expect(p2.items).toHaveLength(5);
    expect(p2.hasMore).toBe(false);
    const all = JSON.stringify([p1, p2]);
    expect(all).not.toContain('@');
    expect(all).not.toMatch(/ccFrente|ccVerso|senha/);
  });

  it("each list item carries especialidade (first specialty's label) and descricao (the bio), like the profile", async () => {
    const rita = await t.db.select({ id: profissionais.id }).from(profissionais).where(eq(profissionais.nome, 'Rita Simões'));
    const bio = 'Instalo videovigilância e alarmes em Setúbal há 12 anos.';
    await t.db.update(profissionais).set({ bio }).where(eq(profissionais.id, rita[0]!.id));
    await t.db.update(profissionais).set({ bio: '   ' }).where(eq(profissionais.nome, 'Ana Gonçalves'));

    const [item] = (await search('rita simoes')).json().items;
    expect(item).toMatchObject({ nome: 'Rita Simões', especialidade: specialtyLabel('camaras-cctv'), descricao: bio });
    expect(item.especialidade).toBe(item.especialidadesLabels[0]);
    expect(() => profissionalListItem.parse(item)).not.toThrow();
    // A blank bio and no specialties are null, not '' nor missing.
    expect((await search('ana goncalves')).json().items[0]).toMatchObject({ especialidade: 'Desentupimentos', descricao: null });
    const extra = (await search('tecnico extra 00')).json().items[0];
    expect(extra).toMatchObject({ especialidades: [], especialidade: null, descricao: null });

    // The unfiltered list (the prepared statement) carries them as well. It is cached 30 s; a profile
    // change through the API empties that cache, these direct updates do not.
    t.app.ctx.cache.invalidate('home:');
    const all = [...(await search('')).json().items, ...(await search('', 2)).json().items];
    expect(all).toHaveLength(15);
    for (const p of all) {
      expect(p).toHaveProperty('especialidade');
      expect(p).toHaveProperty('descricao');
    }
    expect(all.find((p: { nome: string }) => p.nome === 'Rita Simões')).toMatchObject({ especialidade: specialtyLabel('camaras-cctv'), descricao: bio });

    // Same values as the public profile.
    const profile = (await t.app.inject({ method: 'GET', url: `/api/profissional/${item.id}`, headers: cliente.auth })).json();
    expect(profile).toMatchObject({ especialidade: item.especialidade, descricao: bio });
  });

  it("a search's later page continues its first, in the same order and with whole rows (ids first, then the rows)", async () => {
    const extras = Array.from({ length: 12 }, (_, i) => `Técnico Extra ${String(i).padStart(2, '0')}`);
    // One word (PostgreSQL's own plan) and two (a walk of the best rated first).
    for (const q of ['extra', 'porto extra']) {
      const p1 = (await search(q)).json();
      const p2 = (await search(q, 2)).json();
      expect(p1.hasMore, q).toBe(true);
      expect(p2.hasMore, q).toBe(false);
      expect(
        [...p1.items, ...p2.items].map((p: { nome: string }) => p.nome),
        q,
      ).toEqual(extras);
      for (const item of p2.items) expect(() => profissionalListItem.parse(item)).not.toThrow();
      expect(p2.items[0], q).toMatchObject({ nome: extras[10], cidade: 'Porto', bairro: 'Porto', especialidades: [] });
      expect((await search(q, 3)).json(), q).toEqual({ items: [], page: 3, pageSize: 10, hasMore: false });
    }
  });

  it('treats % and _ in the query as plain text', async () => {
    expect((await search('%')).json().items).toEqual([]);
    expect((await search('_')).json().items).toEqual([]);
  });

  it('is for clients and admins; the profile answers 404 for an unknown id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/profissional/see-all' })).statusCode).toBe(401);
    const p = await registerAndLogin(t.app, 'profissional');
    expect((await t.app.inject({ method: 'GET', url: '/api/profissional/see-all', headers: p.auth })).statusCode).toBe(403);
    const missing = await t.app.inject({ method: 'GET', url: '/api/profissional/999999', headers: cliente.auth });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Profissional não encontrado.');
    expect((await t.app.inject({ method: 'GET', url: '/api/profissional/abc', headers: cliente.auth })).statusCode).toBe(400);
  });
});
